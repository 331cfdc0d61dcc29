import regress


def test_slope_is_positive():
    assert float(regress.main(iters=5)[1]) > 0.0
