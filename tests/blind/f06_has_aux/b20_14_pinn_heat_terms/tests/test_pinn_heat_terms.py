import train


def test_training_fits_initial_condition():
    start, end = train.main(steps=50)
    assert float(end.initial) < float(start.initial)
