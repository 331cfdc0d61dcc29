import jax.numpy as jnp

from train import train


def test_training_runs():
    assert jnp.isfinite(train(steps=2))
