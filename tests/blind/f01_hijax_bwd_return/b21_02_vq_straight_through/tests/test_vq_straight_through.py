import jax.numpy as jnp

from train import main


def test_vqvae_updates_encoder():
    params = main()
    assert jnp.all(jnp.isfinite(params["enc"]))
