import jax.numpy as jnp

from probe import probe


def test_slopes_finite():
    phi, slopes = probe()
    assert slopes.shape == (3,) and jnp.all(jnp.isfinite(slopes))
