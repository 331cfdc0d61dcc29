from calibrate_gyro import calibrate


def test_calibration_gives_a_three_axis_bias():
    assert calibrate(iters=1).shape == (3,)
