import identify


def test_identification_reduces_loss():
    exp = dict(identify.EXPERIMENT, iters=3)
    assert identify.identify(exp) < 1.0
