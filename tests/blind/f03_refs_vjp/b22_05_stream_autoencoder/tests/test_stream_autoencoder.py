from stream import main


def test_error_decreases():
    errors = main()
    assert errors[-1] < errors[0]
