import math

from train import run


def test_lightning_style_step():
    assert math.isfinite(run(max_steps=2)["loss"])
