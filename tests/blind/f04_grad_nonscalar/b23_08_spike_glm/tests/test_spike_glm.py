import jax.numpy as jnp

from fit import fit


def test_fit_is_finite():
    w, b = fit(iters=3)
    assert jnp.all(jnp.isfinite(w))
