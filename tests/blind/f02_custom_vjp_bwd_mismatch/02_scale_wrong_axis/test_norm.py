import train


def test_gain_gradient_has_gain_shape():
    grads = train.main()
    assert grads["gain"].shape == (6,)
