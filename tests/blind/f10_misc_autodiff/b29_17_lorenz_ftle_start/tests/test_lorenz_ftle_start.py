import ftle
from experiment import SETTINGS


def test_short_horizon():
    params = {k: SETTINGS[k] for k in ("sigma", "rho", "beta")}
    assert ftle.ftle(SETTINGS["x0"], 10, SETTINGS["dt"], params) > -10.0
