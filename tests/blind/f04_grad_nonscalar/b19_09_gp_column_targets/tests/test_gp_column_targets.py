import math

from fit_gp import main


def test_gp_fit_gives_finite_nll():
    assert math.isfinite(main(steps=5))
