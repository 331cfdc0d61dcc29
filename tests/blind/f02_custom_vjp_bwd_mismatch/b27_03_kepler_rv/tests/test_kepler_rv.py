import jax
import jax.numpy as jnp

from fit import misfit


def test_misfit_gradient_shape():
    t = jnp.linspace(0.0, 10.0, 40)
    g = jax.grad(misfit)(jnp.zeros(3), t, jnp.zeros((3, 40)))
    assert g.shape == (3,)
