import jax
import jax.numpy as jnp

from robust.model import cauchy_loss


def test_cauchy_regression():
    params = {"coef": jnp.zeros(3), "intercept": jnp.zeros(())}
    g = jax.grad(cauchy_loss)(params, jnp.ones((4, 3)), jnp.ones(4))
    assert g["coef"].shape == (3,)
