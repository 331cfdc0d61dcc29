from fit import main


def test_pk_fit_improves():
    assert main() < 0.5
