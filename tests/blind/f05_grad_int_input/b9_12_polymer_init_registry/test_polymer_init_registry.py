from relax import SETTINGS, energy, make_chain, relax


def test_relaxation_does_not_raise_energy():
    assert energy(relax(SETTINGS, steps=3)) <= energy(make_chain(SETTINGS)) + 1e-4
