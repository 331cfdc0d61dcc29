from train import main


def test_linear_fit_converges():
    losses = main(steps=10)
    assert losses[-1] < 0.5 * losses[0]
