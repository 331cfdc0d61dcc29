import identify
from arx import ARXModel


def test_identifies_four_parameters():
    u, y = identify.plate_experiment(N=100, seed=2)
    theta = identify.identify(ARXModel(), u, y, iters=5)
    assert theta.shape == (4, 1)
