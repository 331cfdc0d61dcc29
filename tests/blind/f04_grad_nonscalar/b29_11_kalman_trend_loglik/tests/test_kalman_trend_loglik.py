import mle


def test_fit_moves_parameters():
    ys = mle.gauge_record(T=50, seed=1)
    log_params = mle.fit(ys, iters=2)
    assert log_params.shape == (3,)
