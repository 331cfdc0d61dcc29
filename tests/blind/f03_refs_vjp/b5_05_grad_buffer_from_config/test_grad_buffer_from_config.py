from probe import train


def test_probe_learns():
    losses = train(10)
    assert losses[-1] < losses[0]
