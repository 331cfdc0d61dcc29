from estimate import estimate


def test_abundance_estimate():
    lam, trace = estimate(n_iter=2)
    assert lam.shape == (15,)
