import math

from service import fit


def test_fit_runs():
    assert math.isfinite(fit(steps=2))
