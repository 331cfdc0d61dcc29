import jax.numpy as jnp

from grn import fit


def test_fit_returns_finite_thresholds():
    assert bool(jnp.all(jnp.isfinite(fit(iters=1))))
