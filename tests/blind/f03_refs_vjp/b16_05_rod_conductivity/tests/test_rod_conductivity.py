from invert import run


def test_inversion_step():
    k, value = run(n_iter=1)
    assert k.shape == (20,)
