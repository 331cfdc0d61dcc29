import math

from train import main


def test_vae_trains():
    assert math.isfinite(main(steps=5))
