import jax
import jax.numpy as jnp

from shoot import miss


def test_shooting_gradient_shape():
    g = jax.grad(miss)(jnp.zeros(2), jnp.array([0.0, 0.5]))
    assert g.shape == (2,)
