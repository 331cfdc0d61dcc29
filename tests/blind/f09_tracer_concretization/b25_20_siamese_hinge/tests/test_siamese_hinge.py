import jax.numpy as jnp

from train import train


def test_training_step():
    assert jnp.isfinite(train(steps=1))
