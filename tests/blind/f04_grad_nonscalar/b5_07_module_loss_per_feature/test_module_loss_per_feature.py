from train import train


def test_mlp_fit_improves():
    history = train(20)
    assert history[-1] < history[0]
