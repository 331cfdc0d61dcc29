import train


def test_sensitivity_has_field_shape():
    assert train.main().shape == (8,)
