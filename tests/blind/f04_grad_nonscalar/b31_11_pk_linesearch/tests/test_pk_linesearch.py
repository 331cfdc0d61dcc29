import jax.numpy as jnp

import fit


def test_fit_runs():
    fx = fit.main(iterations=3)
    assert jnp.isfinite(fx)
