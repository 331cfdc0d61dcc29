from fit import main


def test_surrogate_fit_runs():
    assert main() < 2.0
