import math

from run import train


def test_linear_probe_trains():
    assert math.isfinite(train("linear_probe", steps=2))
