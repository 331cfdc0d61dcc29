import jax.numpy as jnp

import allocate


def test_allocation_is_a_portfolio():
    weights = allocate.main(iterations=50)
    assert jnp.allclose(weights.sum(), 1.0, atol=1e-4)
