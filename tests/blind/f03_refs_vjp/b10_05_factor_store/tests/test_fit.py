import math

from fit import fit


def test_fit_gives_finite_loss():
    assert math.isfinite(fit(epochs=2))
