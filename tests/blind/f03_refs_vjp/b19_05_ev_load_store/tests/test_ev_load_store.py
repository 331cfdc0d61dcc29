from forecast import main


def test_loss_decreases():
    losses = main()
    assert losses[-1] < losses[0]
