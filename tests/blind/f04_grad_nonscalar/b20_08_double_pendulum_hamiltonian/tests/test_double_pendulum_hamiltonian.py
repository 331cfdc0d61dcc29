import simulate


def test_energy_is_nearly_conserved():
    assert simulate.main(n_steps=500) < 0.1
