import loop


def test_fit_runs():
    assert loop.main(steps=2) >= 0.0
