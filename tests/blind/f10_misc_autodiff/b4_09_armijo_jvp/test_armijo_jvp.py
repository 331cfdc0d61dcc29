from fit import fit


def test_descent_reduces_loss():
    _, loss = fit(n=50, steps=2)
    assert float(loss) < 0.6931
