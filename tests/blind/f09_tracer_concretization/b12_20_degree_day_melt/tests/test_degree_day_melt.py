from calibrate_ddf import calibrate


def test_calibration_reduces_misfit():
    _, start, end = calibrate(n_steps=30)
    assert end < start
