import jax.numpy as jnp

from cluster import fit


def test_fit_gives_finite_nll():
    _, nll = fit(steps=2)
    assert jnp.isfinite(nll)
