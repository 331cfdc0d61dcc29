import jax.numpy as jnp

from fit import fit


def test_fit_keeps_rates_positive():
    rates = fit(iters=2)
    assert all(float(jnp.min(r)) > 0.0 for r in rates)
