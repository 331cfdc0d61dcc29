import jax.numpy as jnp

from rebalance import rebalance


def test_weights_sum_to_one():
    cov = 0.01 * jnp.eye(3)
    w = rebalance(jnp.array([0.01, 0.02, 0.005]), cov, jnp.full(3, 1 / 3), steps=5)
    assert jnp.allclose(w.sum(), 1.0, atol=1e-5)
