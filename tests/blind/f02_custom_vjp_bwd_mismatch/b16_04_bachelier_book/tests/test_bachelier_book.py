from calibrate_vol import calibrate


def test_vol_calibration():
    sigma = calibrate(n_steps=2)
    assert sigma.shape == (6,)
