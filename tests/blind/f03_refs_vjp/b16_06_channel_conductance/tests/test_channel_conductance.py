from fit_clamp import fit


def test_clamp_fit():
    gbar, value = fit(n_iter=1)
    assert gbar.shape == (3,)
