from estimate import SAMPLE, mle_location


def test_cauchy_location():
    loc = mle_location(SAMPLE, iters=5)
    assert 1.0 < float(loc) < 3.5
