from mala import sample


def test_sampler_runs():
    draws, rate = sample(n_samples=3)
    assert draws.shape == (3, 3)
