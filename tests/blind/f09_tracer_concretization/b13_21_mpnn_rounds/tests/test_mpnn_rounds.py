import jax.numpy as jnp

from train import main


def test_mpnn_rounds():
    assert jnp.isfinite(main(epochs=2))
