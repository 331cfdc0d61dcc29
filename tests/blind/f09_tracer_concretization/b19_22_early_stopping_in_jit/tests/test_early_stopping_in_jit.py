from solar import main


def test_training_stops_or_converges():
    losses = main()
    assert losses[-1] < losses[0]
