import jax.numpy as jnp

from train import fit


def test_fit_runs():
    assert jnp.isfinite(fit(steps=3))
