import predator_prey


def test_fit_runs():
    assert predator_prey.main(iters=2) >= 0.0
