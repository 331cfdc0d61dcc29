import train


def test_training_step_runs():
    assert train.main() < 1.0
