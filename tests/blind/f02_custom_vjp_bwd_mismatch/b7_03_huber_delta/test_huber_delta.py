import jax.numpy as jnp

import fit


def test_thresholds_stay_positive():
    params = fit.main(fit.FitConfig(steps=3))
    assert bool(jnp.isfinite(params["delta"]).all())
