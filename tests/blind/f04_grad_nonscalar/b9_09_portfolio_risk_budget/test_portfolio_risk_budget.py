import jax.numpy as jnp

from allocate import allocate, market


def test_weights_on_simplex():
    w = allocate(*market(), steps=5)
    assert jnp.allclose(w.sum(), 1.0, atol=1e-5) and jnp.all(w >= 0)
