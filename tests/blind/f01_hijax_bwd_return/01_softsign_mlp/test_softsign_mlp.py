import train


def test_training_reduces_loss():
    losses = train.main(steps=5)
    assert losses[-1] < losses[0]
