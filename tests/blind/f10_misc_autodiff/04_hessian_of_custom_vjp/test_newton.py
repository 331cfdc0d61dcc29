import jax.numpy as jnp

import train


def test_newton_step_finite():
    assert jnp.isfinite(train.main()).all()
