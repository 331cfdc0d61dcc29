import train


def test_mean_is_recovered():
    assert abs(float(train.main()[0]) - 2.0) < 0.2
