from train import main


def test_accuracy():
    assert main(epochs=30) > 0.7
