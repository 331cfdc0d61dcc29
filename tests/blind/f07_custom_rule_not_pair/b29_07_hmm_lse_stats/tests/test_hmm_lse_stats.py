import train_hmm


def test_fit_short_sequence():
    obs = train_hmm.sample_sequence(T=20, seed=1)
    params, loss = train_hmm.fit(obs, iters=2)
    assert float(loss) > 0
