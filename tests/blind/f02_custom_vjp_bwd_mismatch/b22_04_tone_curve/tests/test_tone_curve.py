from fit import main


def test_fit_improves():
    assert main() < 1e-2
