import jax.numpy as jnp

from fit import fit


def test_nll_finite():
    _, nll = fit(steps=3)
    assert jnp.isfinite(nll)
