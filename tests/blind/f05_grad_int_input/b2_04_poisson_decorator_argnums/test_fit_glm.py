import fit_glm


def test_slope_positive():
    assert float(fit_glm.main(iters=10)[1]) > 0.0
