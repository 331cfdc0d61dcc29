import jax.numpy as jnp

from train import train


def test_training_reduces_to_finite_loss():
    _, loss = train(epochs=2)
    assert jnp.isfinite(loss)
