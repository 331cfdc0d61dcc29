from train import main


def test_temperature_moves():
    assert main() > 0.0
