import jax.numpy as jnp

from fit import fit


def test_log_likelihood_finite():
    _, ll = fit(steps=3)
    assert jnp.isfinite(ll)
