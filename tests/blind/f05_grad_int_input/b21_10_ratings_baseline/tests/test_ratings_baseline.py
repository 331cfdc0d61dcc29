from fit import main


def test_baseline_rmse():
    assert main() < 2.0
