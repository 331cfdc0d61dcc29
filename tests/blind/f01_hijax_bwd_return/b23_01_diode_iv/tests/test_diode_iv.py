import jax.numpy as jnp

from fit import fit, synthetic_curve


def test_fit_runs():
    v, i_meas = synthetic_curve()
    r = fit(v, i_meas, steps=2)
    assert jnp.isfinite(r)
