import calibrate


def test_calibration_reaches_good_nse():
    metrics = calibrate.main(steps=100)
    assert float(metrics["nse"]) > 0.5
