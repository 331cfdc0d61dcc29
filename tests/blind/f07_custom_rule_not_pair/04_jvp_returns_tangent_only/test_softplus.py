import train


def test_scale_positive():
    assert train.main() > 0
