import math

from train import main


def test_train_runs():
    assert math.isfinite(main(steps=2))
