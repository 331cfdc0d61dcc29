import train


def test_one_sensitivity_per_charge():
    assert train.main().shape == (2,)
