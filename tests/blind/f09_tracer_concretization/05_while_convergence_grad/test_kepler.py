import jax.numpy as jnp

import train


def test_derivative_finite():
    assert jnp.isfinite(train.main())
