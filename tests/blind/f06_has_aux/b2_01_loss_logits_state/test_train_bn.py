import train_bn


def test_step_runs():
    assert train_bn.main(steps=2) > 0.0
