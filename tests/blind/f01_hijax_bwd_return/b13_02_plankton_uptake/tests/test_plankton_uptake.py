import jax.numpy as jnp

from train import fit


def test_plankton_uptake():
    params, value = fit(steps=20)
    assert jnp.isfinite(value)
