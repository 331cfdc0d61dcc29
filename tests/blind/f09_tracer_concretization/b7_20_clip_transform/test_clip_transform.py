import train


def test_loss_decreases():
    assert train.main(steps=20) < train.main(steps=1)
