import jax.numpy as jnp

from train import train


def test_training_gives_finite_eval_loss():
    _, loss = train(epochs=2)
    assert jnp.isfinite(loss)
