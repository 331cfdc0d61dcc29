import jax.numpy as jnp

from mpc import main


def test_plan_moves_toward_formation():
    assert jnp.isfinite(main())
