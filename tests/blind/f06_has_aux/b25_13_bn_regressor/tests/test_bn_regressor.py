import jax.numpy as jnp

from train import train


def test_training_loop():
    loss, metrics = train(n_batches=2)
    assert jnp.isfinite(loss) and "mae" in metrics
