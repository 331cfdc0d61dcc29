import train


def test_gradient_per_wheel():
    assert train.main().shape == (2,)
