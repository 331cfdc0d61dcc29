from fit_orbit import fit


def test_orbit_fit_improves():
    theta, history = fit(30)
    assert history[-1] < history[0]
