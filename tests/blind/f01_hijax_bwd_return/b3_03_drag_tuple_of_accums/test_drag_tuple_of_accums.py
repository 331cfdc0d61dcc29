import ballistics


def test_recovers_coefficient():
    assert abs(ballistics.main() - 0.02) < 1e-3
