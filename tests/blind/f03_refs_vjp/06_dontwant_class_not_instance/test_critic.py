import train


def test_td_loss_goes_down():
    losses = train.main()
    assert losses[-1] < losses[0]
