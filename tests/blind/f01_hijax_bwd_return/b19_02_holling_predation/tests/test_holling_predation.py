from fit import main


def test_attack_rate_is_positive():
    assert main() > 0.0
