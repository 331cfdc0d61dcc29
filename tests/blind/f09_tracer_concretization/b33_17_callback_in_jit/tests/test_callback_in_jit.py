from main import main


def test_loss_decreases():
    history = main(steps=5)
    assert history[-1] < history[0]
