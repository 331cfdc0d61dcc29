import jax.numpy as jnp

from simulate import main


def test_softened_gravity():
    assert jnp.isfinite(main())
