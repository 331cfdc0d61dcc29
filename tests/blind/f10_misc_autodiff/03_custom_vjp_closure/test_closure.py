import train


def test_both_parameters_have_gradients():
    grads = train.main()
    assert set(grads) == {"w", "scale"}
