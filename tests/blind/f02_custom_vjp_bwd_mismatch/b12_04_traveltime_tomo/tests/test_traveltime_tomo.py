from invert import invert


def test_inversion_reduces_misfit():
    _, start = invert(n_iter=0)
    _, end = invert(n_iter=20)
    assert end < start
