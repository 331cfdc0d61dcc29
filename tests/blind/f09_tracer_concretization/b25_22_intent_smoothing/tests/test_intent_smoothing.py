import jax.numpy as jnp

from train import train


def test_train_step():
    assert jnp.isfinite(train(steps=1))
