from fit_orbit import fit


def test_fit_lowers_chi2():
    _, start, end = fit(n_steps=20)
    assert end < start
