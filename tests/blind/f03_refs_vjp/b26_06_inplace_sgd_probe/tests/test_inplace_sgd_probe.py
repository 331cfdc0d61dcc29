import math

from train import run


def test_inplace_sgd_probe():
    history = run(epochs=3)
    assert all(math.isfinite(v) for v in history)
