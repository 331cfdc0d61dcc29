from fit_eq import train


def test_equalizer_improves_match():
    _, first = train(n_steps=1)
    _, later = train(n_steps=30)
    assert later < first
