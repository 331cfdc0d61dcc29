from calibrate import calibrate


def test_calibration_improves_endpoint():
    _, first, last = calibrate(n_steps=30)
    assert last < first
