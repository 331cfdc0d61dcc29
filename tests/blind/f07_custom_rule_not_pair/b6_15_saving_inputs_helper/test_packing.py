from packing import main


def test_discs_separate():
    assert main() < 1e-3
