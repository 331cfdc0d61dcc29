import math

from train import run


def test_dp_sgd_per_example():
    assert math.isfinite(run(steps=2))
