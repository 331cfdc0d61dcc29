import math

from train import run


def test_masked_smooth_xent():
    assert math.isfinite(run(steps=3))
