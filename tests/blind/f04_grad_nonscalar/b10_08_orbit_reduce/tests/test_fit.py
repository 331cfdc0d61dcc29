import jax.numpy as jnp

from fit import fit


def test_gm_estimate_is_finite():
    assert jnp.isfinite(fit(steps=2).log_gm)
