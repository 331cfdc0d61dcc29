from tune import tune


def test_hyperparameter_step():
    hyp, nll = tune(n_iter=1)
    assert set(hyp) == {"log_ell", "log_sf", "log_sn"}
