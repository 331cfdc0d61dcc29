from validate import main


def test_linearization_matches_finite_differences():
    assert main() < 1e-1
