from backtest import tune


def test_tuning_keeps_one_skew_per_instrument():
    assert tune(iters=1)["skew"].shape == (3,)
