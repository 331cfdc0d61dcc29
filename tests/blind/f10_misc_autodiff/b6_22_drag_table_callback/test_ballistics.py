from ballistics import main


def test_aiming_runs():
    assert 0.0 < main() < 1.5
