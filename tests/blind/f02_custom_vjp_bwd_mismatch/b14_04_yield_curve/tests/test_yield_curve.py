from curves.bootstrap import calibrate
from fit_curve import market


def test_calibration_moves_rates():
    strip, curve = market()
    fitted = calibrate(strip, curve, iters=2)
    assert fitted.rates.shape == (5,)
