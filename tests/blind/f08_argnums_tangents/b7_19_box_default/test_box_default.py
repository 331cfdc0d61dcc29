import pressure


def test_repulsive_gas_has_positive_pressure():
    assert pressure.main(n=12) >= 0.0
