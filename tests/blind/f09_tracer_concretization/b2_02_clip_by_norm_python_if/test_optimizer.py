import optimizer


def test_clipped_training_runs():
    assert optimizer.main(steps=2) > 0.0
