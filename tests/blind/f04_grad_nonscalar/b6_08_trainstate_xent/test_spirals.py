from train import main


def test_spirals_training_step():
    assert main() < 1.0
