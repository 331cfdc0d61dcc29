from attribution import sensitivities


def test_co2_warms():
    assert sensitivities(n_years=60)["co2"] > 0.0
