import math

from train import Config, main


def test_train_runs():
    assert math.isfinite(main(Config(steps=2)))
