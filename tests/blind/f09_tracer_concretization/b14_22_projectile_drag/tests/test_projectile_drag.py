from range_test import main


def test_fit_runs():
    assert main(steps=2) >= 0
