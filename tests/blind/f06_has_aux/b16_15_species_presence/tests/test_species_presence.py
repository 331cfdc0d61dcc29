from train import train


def test_presence_training():
    params, logs = train(n_epochs=1)
    assert params["w"].shape == (3,)
