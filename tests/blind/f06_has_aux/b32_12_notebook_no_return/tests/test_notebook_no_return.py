import jax.numpy as jnp

import polyfit


def test_cubic_recovered():
    coeffs = polyfit.main()
    assert jnp.all(jnp.isfinite(coeffs))
