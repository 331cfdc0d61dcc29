import train


def test_first_weight_positive():
    assert float(train.main()[0]) > 0
