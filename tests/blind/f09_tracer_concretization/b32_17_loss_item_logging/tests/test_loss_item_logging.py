import train


def test_loss_goes_down():
    assert train.main() < 1.386
