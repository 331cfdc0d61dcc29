import train


def test_stiffer_is_less_compliant():
    assert (train.main() < 0).all()
