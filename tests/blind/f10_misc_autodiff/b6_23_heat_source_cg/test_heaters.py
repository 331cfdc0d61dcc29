from identify import main


def test_heater_fit_reduces_misfit():
    assert main() < 1e-3
