from lista import main


def test_training_step_runs():
    params = main(steps=1)
    assert params["s"].shape == (6, 6)
