import jax.numpy as jnp

from ts.model import fit


def test_smape_horizons():
    alpha, value = fit(10.0 + jnp.sin(jnp.arange(40.0)), steps=1)
    assert value.shape == ()
