import jax.numpy as jnp

from train import train


def test_classifier_trains():
    assert jnp.isfinite(train(epochs=2))
