from fit_serology import fit


def test_fit_improves_likelihood():
    _, history = fit(n_steps=40)
    assert history[-1] < history[0]
