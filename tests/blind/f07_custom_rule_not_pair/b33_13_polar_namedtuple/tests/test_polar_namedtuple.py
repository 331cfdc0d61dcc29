import jax.numpy as jnp

from calibrate import calibrate


def test_offset_recovered():
    assert jnp.all(jnp.isfinite(calibrate(steps=3)))
