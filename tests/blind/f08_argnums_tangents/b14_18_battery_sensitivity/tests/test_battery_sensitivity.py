from pulse_test import main


def test_sensitivities_shape():
    assert main().shape == (3, 300)
