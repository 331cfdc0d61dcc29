import jax.numpy as jnp

from alloc.defaults import merged
from optimize import optimise


def test_weights_sum_to_one():
    weights, _ = optimise(merged(steps=5))
    assert jnp.allclose(jnp.sum(weights), 1.0, atol=1e-5)
