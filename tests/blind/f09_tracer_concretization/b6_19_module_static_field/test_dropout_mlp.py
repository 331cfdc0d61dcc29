from train import main


def test_mlp_with_dropout_trains():
    assert main() < 5.0
