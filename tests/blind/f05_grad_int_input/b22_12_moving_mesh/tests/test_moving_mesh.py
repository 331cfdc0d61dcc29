from adapt import main


def test_adaptation_reduces_error():
    first, last = main(iters=30)
    assert last < first
