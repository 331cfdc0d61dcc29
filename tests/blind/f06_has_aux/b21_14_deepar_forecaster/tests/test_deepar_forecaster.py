from run import main


def test_interval_coverage():
    assert 0.0 <= main() <= 1.0
