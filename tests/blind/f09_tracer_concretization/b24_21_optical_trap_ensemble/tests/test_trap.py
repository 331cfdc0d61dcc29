import calibrate


def test_stiffness_within_twenty_percent():
    k = calibrate.main()
    assert abs(k - 2e-6) < 0.4e-6
