from md import main


def test_energy_is_conserved():
    assert main() < 1e-2
