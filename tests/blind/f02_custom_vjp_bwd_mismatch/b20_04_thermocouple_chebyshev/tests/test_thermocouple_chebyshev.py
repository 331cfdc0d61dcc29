import thermocouple


def test_calibration_fits_bath_readings():
    assert thermocouple.main() < 0.05
