from train import main


def test_training_converges():
    assert main(steps=40) < 1.0
