import train


def test_sensitivity_positive():
    assert float(train.main()) > 0
