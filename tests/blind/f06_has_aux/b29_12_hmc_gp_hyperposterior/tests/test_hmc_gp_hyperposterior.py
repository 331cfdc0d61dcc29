import sample_hypers


def test_few_draws():
    draws, rate = sample_hypers.sample(n_samples=3)
    assert draws.shape == (3, 3)
