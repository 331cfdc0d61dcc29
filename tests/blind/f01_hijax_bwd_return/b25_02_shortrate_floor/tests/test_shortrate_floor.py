import jax.numpy as jnp

from fit_curve import fit


def test_fit_runs():
    theta, err = fit(n_iter=2)
    assert jnp.isfinite(err)
