from analyze_plate import WELLS, fit_compound


def test_ec50_of_compound_a_in_range():
    _, _, log_ec50, _ = fit_compound(WELLS["cmpd_A"])
    assert -2.0 < float(log_ec50) < 1.0
