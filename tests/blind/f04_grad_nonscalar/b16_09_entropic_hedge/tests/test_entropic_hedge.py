from train import train


def test_hedge_training():
    theta, risk = train(n_iter=1)
    assert theta.shape == (2,)
