from run import main


def test_mixed_precision_training_runs():
    losses = main(steps=3)
    assert len(losses) == 3
