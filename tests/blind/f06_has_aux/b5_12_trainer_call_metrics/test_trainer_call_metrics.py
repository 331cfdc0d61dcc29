import jax.numpy as jnp

from fitter import fit


def test_fit_recovers_linear_term():
    coeffs = fit(150)
    assert jnp.abs(coeffs[1] - (-1.0)) < 0.3
