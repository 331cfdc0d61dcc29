from fit import main


def test_peak_concentration():
    assert 5.0 < float(main().max()) < 15.0
