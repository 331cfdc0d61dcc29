import jax.numpy as jnp

from localize import localize


def test_pose_estimate_is_finite():
    assert jnp.all(jnp.isfinite(localize(iters=3)))
