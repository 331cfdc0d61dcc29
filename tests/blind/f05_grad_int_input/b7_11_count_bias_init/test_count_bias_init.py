import fit_counts


def test_bias_moves_towards_log_mean():
    params = fit_counts.fit(steps=10)
    assert float(params["bias"].mean()) > 0.2
