import fit_ranker


def test_violations_drop():
    history = fit_ranker.main(epochs=10)
    assert history[-1] <= history[0]
