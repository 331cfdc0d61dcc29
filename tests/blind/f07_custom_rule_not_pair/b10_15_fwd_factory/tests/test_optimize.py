import jax.numpy as jnp

from optimize import optimize


def test_weights_sum_to_one():
    assert jnp.allclose(optimize(steps=3).sum(), 1.0, atol=1e-5)
