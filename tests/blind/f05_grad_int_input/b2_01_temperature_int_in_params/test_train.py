import train


def test_distillation_runs():
    assert train.main(epochs=2) > 0.0
