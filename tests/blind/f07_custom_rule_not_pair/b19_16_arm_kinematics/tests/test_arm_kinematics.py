from ik import main


def test_ik_reaches_target():
    assert main() < 1e-3
