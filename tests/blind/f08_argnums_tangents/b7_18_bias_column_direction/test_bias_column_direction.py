import sensitivity


def test_sensitivities_bounded_by_theta_norm():
    s = sensitivity.main()
    assert float(abs(s).max()) <= 2.5
