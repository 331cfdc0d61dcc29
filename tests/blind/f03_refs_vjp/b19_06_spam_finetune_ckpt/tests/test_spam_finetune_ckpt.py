from stream import main


def test_stream_loss_decreases():
    losses = main()
    assert losses[-1] < losses[0]
