import calibrate


def test_calibration_reduces_loss():
    history = calibrate.main(epochs=40)
    assert history[-1] < history[0]
