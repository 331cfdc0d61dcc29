import jax.numpy as jnp

import train


def test_implicit_gradient_is_finite():
    assert jnp.isfinite(train.main()).all()
