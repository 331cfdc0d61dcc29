import sensitivity


def test_speed_sensitivity_positive():
    _, d_v0, _ = sensitivity.main()
    assert d_v0 > 0
