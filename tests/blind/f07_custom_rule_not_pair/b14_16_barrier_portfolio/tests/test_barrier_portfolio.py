from allocate import assets
from optimizer import solve


def test_solve_short():
    mean, cov = assets()
    w = solve(mean, cov, outer=1, inner=2)
    assert w.shape == (4,)
