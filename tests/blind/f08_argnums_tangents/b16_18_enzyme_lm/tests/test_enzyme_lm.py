from kinetics import fit


def test_lm_iteration():
    params, cost = fit(n_iter=1)
    assert params.shape == (2,)
