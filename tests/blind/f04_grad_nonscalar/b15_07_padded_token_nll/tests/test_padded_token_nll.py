import jax.numpy as jnp

from train import train


def test_language_model_trains():
    assert jnp.isfinite(train(steps=3))
