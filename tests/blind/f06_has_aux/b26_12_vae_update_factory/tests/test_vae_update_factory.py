import math

from train import run


def test_vae_update_factory():
    assert math.isfinite(run(steps=2)["loss"])
