import jax.numpy as jnp

from fit import fit


def test_fit_improves():
    _, err = fit(iters=3)
    assert jnp.isfinite(err)
