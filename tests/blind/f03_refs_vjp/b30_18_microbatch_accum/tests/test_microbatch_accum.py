import jax.numpy as jnp

from train import train


def test_accumulated_training_runs():
    params, loss = train(steps=2)
    assert jnp.isfinite(loss)
    assert params["w"].shape == (5, 3)
