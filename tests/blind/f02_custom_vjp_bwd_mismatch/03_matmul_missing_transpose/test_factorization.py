import train


def test_error_is_finite():
    assert train.main() >= 0.0
