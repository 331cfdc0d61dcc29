import math

from train import run


def test_grad_multiply_encoder():
    losses = run(steps=3)
    assert all(math.isfinite(v) for v in losses)
