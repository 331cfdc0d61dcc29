import math

from train import main


def test_accumulated_training():
    assert math.isfinite(main(epochs=2))
