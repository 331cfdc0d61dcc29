import vonmises_fit


def test_concentration_is_high_for_narrow_data():
    assert vonmises_fit.main(iters=50) > 2.0
