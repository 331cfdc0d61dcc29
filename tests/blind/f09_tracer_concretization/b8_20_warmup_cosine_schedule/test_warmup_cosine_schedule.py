from trainer import fit


def test_fit_runs_past_warmup():
    assert fit(n_steps=7).shape == (3,)
