from train import main


def test_spotter_trains():
    assert main() < 2.0
