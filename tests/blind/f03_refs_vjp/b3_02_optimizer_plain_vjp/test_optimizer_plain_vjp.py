import fit_circle


def test_radius_recovered():
    params = fit_circle.main()
    assert abs(float(params[2]) - 2.0) < 0.1
