from train_mf import train


def test_loss_decreases():
    history = train(n_epochs=10)
    assert history[-1] < history[0]
