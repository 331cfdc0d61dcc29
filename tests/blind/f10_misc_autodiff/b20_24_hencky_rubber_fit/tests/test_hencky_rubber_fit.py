import fit


def test_fit_matches_stress_curve():
    start, end = fit.main()
    assert end < 1e-2 * start
