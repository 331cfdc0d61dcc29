from tune import tune


def test_adapter_tuning_lowers_loss():
    history = tune(20)
    assert history[-1] < history[0]
