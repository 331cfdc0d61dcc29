from train import train


def test_scorer_learns_brightness():
    history = train(20)
    assert history[-1] < history[0]
