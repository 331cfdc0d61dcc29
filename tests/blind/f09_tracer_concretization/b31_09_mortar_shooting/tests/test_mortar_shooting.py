import jax.numpy as jnp

import aim


def test_aim_converges_to_an_angle():
    angle = aim.main(iterations=2)
    assert jnp.isfinite(angle)
