import experiment


def test_recovers_slope_sign():
    params = experiment.run(dict(experiment.CONFIG, steps=5))
    assert params["w"][1] < 0
