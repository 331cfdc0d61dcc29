import math

from identify import identify


def test_identification_runs():
    assert math.isfinite(identify(epochs=2))
