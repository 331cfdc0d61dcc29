import math

from train import main


def test_training_with_probe():
    assert math.isfinite(main(steps=2))
