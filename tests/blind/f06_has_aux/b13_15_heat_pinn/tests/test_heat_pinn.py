import jax.numpy as jnp

from train import main


def test_heat_pinn():
    assert jnp.isfinite(main(steps=3))
