from train import main


def test_lista_training():
    assert main() >= 0.0
