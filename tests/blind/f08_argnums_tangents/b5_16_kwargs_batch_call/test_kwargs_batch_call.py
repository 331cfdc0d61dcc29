from optimizer import run


def test_adagrad_lowers_nll():
    start, end = run(20)
    assert end < start
