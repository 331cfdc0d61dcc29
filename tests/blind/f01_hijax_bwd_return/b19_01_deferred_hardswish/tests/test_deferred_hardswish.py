import math

from train import TrainConfig, main


def test_training_reduces_loss():
    losses = main(TrainConfig(steps=3))
    assert all(math.isfinite(v) for v in losses)
