from classifier import main


def test_training_runs():
    params = main(steps=2)
    assert params["w"].shape == (4, 3)
