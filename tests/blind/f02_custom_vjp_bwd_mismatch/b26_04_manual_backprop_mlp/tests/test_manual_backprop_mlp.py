import math

from train import run


def test_manual_backprop_mlp():
    assert math.isfinite(run(steps=3))
