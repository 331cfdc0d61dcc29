import qat


def test_fit_returns_loss():
    assert qat.main(iters=1) >= 0.0
