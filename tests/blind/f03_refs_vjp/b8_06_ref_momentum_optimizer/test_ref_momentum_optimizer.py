from logistic import train


def test_loss_decreases():
    losses, _ = train(epochs=2)
    assert losses[-1] <= losses[0]
