from fit_seir import fit


def test_fit_improves_likelihood():
    _, values = fit(n_steps=10)
    assert values[-1] < values[0]
