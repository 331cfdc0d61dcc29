import ex1_multi


def test_cost_decreases():
    J = ex1_multi.main()
    assert J[-1] < J[0]
