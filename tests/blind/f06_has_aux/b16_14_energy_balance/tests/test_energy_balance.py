from calibrate import calibrate


def test_calibration_step():
    params = calibrate(n_iter=1)
    assert params.shape == (4,)
