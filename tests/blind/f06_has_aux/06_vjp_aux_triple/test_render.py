import train


def test_centre_gradient_shape():
    assert train.main().shape == (2,)
