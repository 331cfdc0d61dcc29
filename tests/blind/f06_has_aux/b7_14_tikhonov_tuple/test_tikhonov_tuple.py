import solve


def test_error_below_signal_level():
    assert solve.deconvolve(dict(solve.PROBLEM, iters=10)) < 0.5
