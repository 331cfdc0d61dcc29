import classifier


def test_training_runs():
    assert classifier.main() > 0.0
