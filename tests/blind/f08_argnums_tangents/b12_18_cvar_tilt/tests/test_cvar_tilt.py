from risk_report import tilt_sensitivity


def test_moving_to_low_vol_lowers_shortfall():
    es, d_es = tilt_sensitivity()
    assert float(es) > 0.0
    assert float(d_es) < 0.0
