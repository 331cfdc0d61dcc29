import fit


def test_fit_improves_likelihood():
    t, rv, theta = fit.main()
    assert fit.neg_log_like(theta, t, rv) < fit.neg_log_like(fit.START, t, rv)
