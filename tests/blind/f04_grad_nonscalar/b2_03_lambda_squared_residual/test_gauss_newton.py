import gauss_newton


def test_capacity_moves_towards_five():
    assert float(gauss_newton.main(iters=5)[0]) > 4.0
