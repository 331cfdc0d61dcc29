from train import main


def test_energy_is_nearly_conserved():
    assert main() < 5e-2
