from match_timbre import match


def test_spectral_distance_decreases():
    _, history = match(n_steps=20)
    assert history[-1] < history[0]
