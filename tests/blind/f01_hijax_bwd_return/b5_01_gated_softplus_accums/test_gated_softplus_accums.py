from train import fit


def test_fit_reduces_loss():
    losses = fit(20)
    assert losses[-1] < losses[0]
