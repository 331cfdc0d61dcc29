from train import train


def test_log_cosh_network_fits():
    history = train(30)
    assert history[-1] < history[0]
