from maxent import solve


def test_dual_step():
    theta = solve(n_iter=1)
    assert theta.shape == (3,)
