import jax.numpy as jnp

import train


def test_gradients_are_float32():
    assert all(g.dtype == jnp.float32 for g in train.main())
