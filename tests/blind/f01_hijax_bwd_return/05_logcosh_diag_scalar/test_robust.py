from train import main


def test_slope_is_positive():
    theta = main(iters=20)
    assert theta[1] > 0
