from optimize import optimize


def test_sizing_step():
    density, value = optimize(n_iter=1)
    assert density.shape == (16,)
