import train


def test_step_returns_scalar_loss():
    assert train.main().shape == ()
