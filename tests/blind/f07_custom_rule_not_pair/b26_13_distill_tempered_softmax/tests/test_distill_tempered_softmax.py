import math

from train import run


def test_distill_tempered_softmax():
    assert math.isfinite(run(steps=2))
