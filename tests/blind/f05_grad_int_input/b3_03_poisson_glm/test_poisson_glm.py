import fit


def test_intercept_recovered():
    params = fit.main()
    assert abs(float(params.intercept) - 1.0) < 0.2
