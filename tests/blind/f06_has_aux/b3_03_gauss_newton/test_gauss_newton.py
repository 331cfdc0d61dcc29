import solver


def test_rate_recovered():
    theta = solver.main()
    assert abs(float(theta[1]) - 0.7) < 1e-2
