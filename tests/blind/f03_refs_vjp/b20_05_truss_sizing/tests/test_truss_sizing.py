import size_bars


def test_sizing_reduces_compliance():
    history = size_bars.main(iterations=10)
    assert history[-1] < history[0]
