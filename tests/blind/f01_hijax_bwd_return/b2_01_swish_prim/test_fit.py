import fit


def test_loss_is_finite():
    assert fit.main(steps=2) >= 0.0
