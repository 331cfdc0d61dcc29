import study


def test_more_conductive_middle_lowers_peak():
    assert study.main()[0.5] < 0.0
