import math

from train import run


def test_remat_config_default():
    assert math.isfinite(run(steps=2))
