from train import train


def test_guarded_training_improves():
    history = train(25)
    assert history[-1] < history[0]
