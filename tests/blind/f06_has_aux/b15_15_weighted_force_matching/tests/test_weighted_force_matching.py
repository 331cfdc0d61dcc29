import jax.numpy as jnp

from fit import fit


def test_fitted_parameters_are_finite():
    params = fit(steps=3)
    assert all(jnp.isfinite(v) for v in params.values())
