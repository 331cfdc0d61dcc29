import sensitivity


def test_more_initial_infectious_raises_peak():
    sens = sensitivity.main()
    assert sens["I"] > 0.0
