import math

from train import run


def test_named_loss_output():
    assert math.isfinite(run(steps=2)["loss"])
