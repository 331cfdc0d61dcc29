import jax.numpy as jnp

from train import train


def test_training_reports_metrics():
    loss, metrics = train(epochs=2)
    assert jnp.isfinite(loss) and "mae" in metrics
