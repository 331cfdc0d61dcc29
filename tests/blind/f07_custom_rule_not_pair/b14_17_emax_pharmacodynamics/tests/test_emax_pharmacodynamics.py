from fit_pd import fit


def test_fit_short():
    params = fit(steps=2)
    assert params["ec50"] > 0
