import jax
import jax.numpy as jnp

from fit_outbreak import loss


def test_loss_gradient_is_finite():
    g = jax.grad(loss)(jnp.log(jnp.array([1.5, 0.5])))
    assert jnp.all(jnp.isfinite(g))
