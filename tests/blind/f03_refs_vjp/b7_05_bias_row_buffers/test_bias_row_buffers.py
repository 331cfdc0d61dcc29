import train


def test_training_step():
    assert train.train(steps=2) >= 0.0
