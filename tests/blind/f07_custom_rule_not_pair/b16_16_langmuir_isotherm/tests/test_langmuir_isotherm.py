from fit_uptake import fit


def test_isotherm_fit():
    q_max, log_b = fit(n_iter=1)
    assert q_max.shape == ()
