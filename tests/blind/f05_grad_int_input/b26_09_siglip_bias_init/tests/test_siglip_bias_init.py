import math

from config import SigLIPConfig
from train import run


def test_siglip_bias_init():
    losses = run(SigLIPConfig(steps=3))
    assert all(math.isfinite(v) for v in losses)
