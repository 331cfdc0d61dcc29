import train


def test_classifier_learns():
    assert train.main() > 0.5
