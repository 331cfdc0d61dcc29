from orbit import energy_drift


def test_energy_is_conserved():
    assert abs(energy_drift(n_steps=20)) < 1e-2
