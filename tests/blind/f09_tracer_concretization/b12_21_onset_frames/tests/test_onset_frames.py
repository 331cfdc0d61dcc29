from train_onsets import train


def test_training_lowers_bce():
    _, history = train(n_steps=15)
    assert history[-1] < history[0]
