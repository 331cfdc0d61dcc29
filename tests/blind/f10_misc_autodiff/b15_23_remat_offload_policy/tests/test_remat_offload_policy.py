import jax.numpy as jnp

from lmtrain.config import TrainConfig
from train import train


def test_rematerialised_training_runs():
    assert jnp.isfinite(train(TrainConfig(steps=2)))
