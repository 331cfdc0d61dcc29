from invert_gather import invert


def test_misfit_decreases():
    _, history = invert(n_iter=10)
    assert min(history) < history[0]
