import jax.numpy as jnp

from train import train


def test_update_runs():
    assert jnp.isfinite(train(n_updates=1))
