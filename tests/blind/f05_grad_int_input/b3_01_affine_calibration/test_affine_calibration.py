import calibrate


def test_calibration_converges():
    assert calibrate.main() < 0.05
