import math

from train import run


def test_focal_loss_reduction():
    metrics = run(steps=3)
    assert math.isfinite(metrics["loss"])
