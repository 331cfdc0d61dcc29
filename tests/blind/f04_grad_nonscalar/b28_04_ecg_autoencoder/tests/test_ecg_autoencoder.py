from train_autoencoder import beats, params, sgd_step


def test_one_step_keeps_shapes():
    new = sgd_step(params, beats)
    assert new["enc"].shape == params["enc"].shape
