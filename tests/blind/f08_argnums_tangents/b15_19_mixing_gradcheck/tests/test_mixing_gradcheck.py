import math

from gradcheck import check


def test_forward_mode_matches_finite_differences():
    for forward, central in check(n_dirs=2):
        assert math.isfinite(forward) and math.isfinite(central)
