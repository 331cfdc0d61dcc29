from trainer import main


def test_bn_classifier_fits():
    assert main() < 1.2
