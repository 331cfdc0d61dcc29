from regression import main


def test_ref_regression_learns():
    assert main() < 0.69
