from manipulability import sweep


def test_manipulability_is_positive_away_from_singularities():
    assert min(sweep(n=2)) > 0.0
