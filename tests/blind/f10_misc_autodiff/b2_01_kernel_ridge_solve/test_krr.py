import krr


def test_tuning_runs():
    assert krr.main(iters=2) >= 0.0
