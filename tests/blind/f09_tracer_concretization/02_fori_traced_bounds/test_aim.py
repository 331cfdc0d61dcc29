import jax.numpy as jnp

import train


def test_aim_finite():
    assert jnp.isfinite(train.main()).all()
