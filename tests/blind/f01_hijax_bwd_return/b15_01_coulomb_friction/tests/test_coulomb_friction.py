import jax.numpy as jnp

from fit import fit


def test_fit_recovers_friction():
    params, final = fit(steps=20)
    assert jnp.isfinite(final)
