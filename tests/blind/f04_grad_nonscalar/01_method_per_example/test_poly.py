import train


def test_quadratic_coefficient_is_learned():
    coef = train.main()
    assert float(coef[2]) > 0.5
