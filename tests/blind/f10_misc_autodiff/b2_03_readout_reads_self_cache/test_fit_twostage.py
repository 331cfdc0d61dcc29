import fit_twostage


def test_training_runs():
    assert fit_twostage.main(steps=2) >= 0.0
