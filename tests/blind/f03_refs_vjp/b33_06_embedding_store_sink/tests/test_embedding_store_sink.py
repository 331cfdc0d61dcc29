import math

from trainer import train


def test_train_runs():
    assert math.isfinite(train(steps=2))
