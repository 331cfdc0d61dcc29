import jax.numpy as jnp

import od


def test_velocity_recovered():
    v0 = od.main()
    assert jnp.linalg.norm(v0 - jnp.array([0.0, 5.2, 5.6])) < 0.01
