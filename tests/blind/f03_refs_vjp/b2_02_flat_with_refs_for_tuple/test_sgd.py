import sgd


def test_loss_goes_down():
    assert sgd.main(steps=10) < 2.0
