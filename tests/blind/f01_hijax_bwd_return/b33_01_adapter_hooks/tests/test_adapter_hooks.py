import math

from train import main


def test_training_runs():
    assert math.isfinite(main(steps=2))
