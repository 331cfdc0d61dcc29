from train_sep import train


def test_sdr_improves():
    _, history = train(n_steps=60)
    assert history[-1] > history[0]
