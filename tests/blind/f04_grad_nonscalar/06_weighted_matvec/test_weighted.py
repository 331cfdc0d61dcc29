import train


def test_slope_positive():
    assert float(train.main()["w"][0, 0]) > 1.0
