import run


def test_objective_decreases():
    start, value, _, _ = run.calibrate(seed=1, steps=100)
    assert value < start
