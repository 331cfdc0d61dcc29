import optim


def test_nll_decreases_below_chance():
    assert optim.main(epochs=10) < 0.69
