from train_ranker import main


def test_training_runs():
    assert main(steps=2) > 0
