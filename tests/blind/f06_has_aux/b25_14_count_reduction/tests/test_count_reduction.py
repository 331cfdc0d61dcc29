import jax.numpy as jnp

from fit_claims import fit


def test_fit_returns_finite_coefficients():
    params = fit(steps=2)
    assert jnp.all(jnp.isfinite(params["coef"]))
