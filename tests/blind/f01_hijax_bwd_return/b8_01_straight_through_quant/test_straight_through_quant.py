import jax.numpy as jnp

from train import train


def test_quantised_training_reduces_loss():
    assert jnp.isfinite(train(steps=2))
