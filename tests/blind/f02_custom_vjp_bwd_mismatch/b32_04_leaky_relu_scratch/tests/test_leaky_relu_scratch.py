import mlp


def test_fit_improves():
    assert mlp.main() < 1.0
