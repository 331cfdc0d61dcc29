import standardize


def test_loss_finite():
    assert standardize.main() >= 0.0
