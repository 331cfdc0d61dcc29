import jax.numpy as jnp

from train import train


def test_training_separates_blobs():
    params, loss = train(steps=5)
    assert jnp.isfinite(loss)
