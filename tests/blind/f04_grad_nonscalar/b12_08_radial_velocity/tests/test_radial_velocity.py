from fit_rv import CONFIG, fit


def test_fit_lowers_nll():
    _, start, end = fit(dict(CONFIG, steps=50))
    assert end < start
