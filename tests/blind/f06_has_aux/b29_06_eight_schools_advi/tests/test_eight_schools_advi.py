import fit_advi


def test_a_few_steps():
    guide, loss = fit_advi.fit(n_steps=3)
    assert guide["loc"].shape == (10,)
