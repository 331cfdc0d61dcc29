from calibrate import calibrate


def test_dispersion_step():
    d, value = calibrate(n_iter=1)
    assert d > 0
