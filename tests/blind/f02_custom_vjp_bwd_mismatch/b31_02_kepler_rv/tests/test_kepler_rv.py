import jax.numpy as jnp

import rv_fit


def test_orbit_fit_runs():
    loss = rv_fit.main()
    assert jnp.isfinite(loss)
