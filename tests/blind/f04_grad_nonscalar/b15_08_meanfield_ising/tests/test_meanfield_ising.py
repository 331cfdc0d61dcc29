from solve import magnetisation


def test_high_temperature_is_weakly_magnetised():
    assert abs(float(magnetisation(8.0))) < 0.5
