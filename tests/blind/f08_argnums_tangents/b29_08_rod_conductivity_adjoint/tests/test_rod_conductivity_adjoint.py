import invert


def test_two_iterations():
    log_k, J = invert.invert(iters=2)
    assert log_k.shape == (31,)
