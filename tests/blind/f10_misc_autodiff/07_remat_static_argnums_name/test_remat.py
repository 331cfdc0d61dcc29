import train


def test_one_gradient_per_layer():
    assert len(train.main()) == 3
