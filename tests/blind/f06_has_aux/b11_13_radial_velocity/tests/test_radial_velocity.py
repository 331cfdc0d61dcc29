from fit_planet import run


def test_fit_returns_all_parameters():
    params, _ = run(steps=2)
    assert set(params) == {"gamma", "log_k", "phi", "log_jitter"}
