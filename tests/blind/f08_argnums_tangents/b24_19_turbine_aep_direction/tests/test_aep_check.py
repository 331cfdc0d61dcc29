import jax
import jax.numpy as jnp

import check


def test_jvp_matches_central_difference():
    _, slope, fd = check.directional_check(check.DESIGN, jax.random.key(42))
    assert jnp.abs(slope - fd) < 0.05 * jnp.abs(fd) + 1.0
