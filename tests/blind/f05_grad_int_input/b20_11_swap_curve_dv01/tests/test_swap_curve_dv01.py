import risk_report


def test_total_dv01_is_negative():
    assert float(risk_report.main().sum()) < 0.0
