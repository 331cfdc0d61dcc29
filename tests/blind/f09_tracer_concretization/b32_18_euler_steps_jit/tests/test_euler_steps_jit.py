import convergence


def test_error_halves():
    errors = convergence.main()
    assert errors[-1] < errors[0]
