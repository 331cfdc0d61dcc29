import jax.numpy as jnp

from train import fit


def test_fit_decreases_nll():
    _, nll = fit(steps=3)
    assert jnp.isfinite(nll)
