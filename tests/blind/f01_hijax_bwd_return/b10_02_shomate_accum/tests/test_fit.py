import jax.numpy as jnp

from fit import fit


def test_fit_converges():
    coeffs, loss = fit(steps=5)
    assert jnp.all(jnp.isfinite(coeffs))
