from learner import train


def test_loss_goes_down():
    losses, _ = train(steps=4)
    assert losses[-1] < losses[0]
