import jax.numpy as jnp

from train import train


def test_loss_finite():
    _, loss = train(epochs=2)
    assert jnp.isfinite(loss)
