from accumulate import train


def test_accumulated_training_improves():
    history = train(15)
    assert history[-1] < history[0]
