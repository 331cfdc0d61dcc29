import train


def test_trace_fit_improves():
    losses = train.main(steps=8)
    assert losses[-1] < losses[0]
