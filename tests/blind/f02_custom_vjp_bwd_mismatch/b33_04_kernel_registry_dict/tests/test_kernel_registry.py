import math

from train import main


def test_fit_runs():
    assert math.isfinite(main(steps=2))
