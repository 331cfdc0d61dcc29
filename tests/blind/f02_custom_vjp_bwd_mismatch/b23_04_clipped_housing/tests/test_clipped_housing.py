from main import main


def test_fit_reduces_error():
    assert main() < 10.0
