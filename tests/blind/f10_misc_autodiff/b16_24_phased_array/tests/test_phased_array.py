from design import design
from settings import OPTIMIZER


def test_design_step():
    weights, loss = design(opt=dict(OPTIMIZER, n_iter=1))
    assert weights.shape == (16,)
