import math

from train import run


def test_padding_mask_max_len():
    assert math.isfinite(run(steps=2))
