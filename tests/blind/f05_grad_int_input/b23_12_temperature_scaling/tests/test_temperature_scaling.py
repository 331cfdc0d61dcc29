from evaluate import main


def test_temperature_above_one():
    assert float(main().temperature) > 1.0
