import policy


def test_update_runs():
    assert policy.main(steps=1) >= 0.0
