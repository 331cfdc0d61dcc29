import natural_gradient


def test_nll_drops():
    assert natural_gradient.main() < 0.4
