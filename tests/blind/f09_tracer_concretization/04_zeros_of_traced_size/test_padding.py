import train


def test_gradient_shape():
    assert train.main().shape == (12,)
