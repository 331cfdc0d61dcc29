import math

from train import main


def test_score_matching_runs():
    assert math.isfinite(main(steps=3))
