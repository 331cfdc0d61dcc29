import train


def test_separable_data_is_classified():
    assert train.main() == 1.0
