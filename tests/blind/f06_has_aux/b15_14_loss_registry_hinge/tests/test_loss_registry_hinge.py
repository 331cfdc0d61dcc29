import jax.numpy as jnp

from spamfilter.trainer import TrainConfig
from train import train


def test_default_loss_trains():
    _, loss, stats = train(TrainConfig(epochs=2))
    assert jnp.isfinite(loss) and "pos_rate" in stats
