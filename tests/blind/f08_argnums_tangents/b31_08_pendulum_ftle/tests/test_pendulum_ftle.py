import jax.numpy as jnp

import ftle


def test_ftle_is_finite():
    lam = ftle.main()
    assert jnp.isfinite(lam)
