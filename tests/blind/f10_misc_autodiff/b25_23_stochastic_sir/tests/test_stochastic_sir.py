import jax.numpy as jnp

import outbreak


def test_spectral_radius_is_finite():
    assert jnp.isfinite(outbreak.main())
