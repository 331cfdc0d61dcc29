import train


def test_in_place_sgd_reduces_loss():
    losses = train.main(steps=5)
    assert losses[-1] < losses[0]
