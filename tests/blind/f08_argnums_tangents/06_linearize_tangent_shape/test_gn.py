import jax.numpy as jnp

import train


def test_recovers_parameters():
    assert jnp.allclose(train.main(), jnp.array([2.0, 1.3]), atol=1e-2)
