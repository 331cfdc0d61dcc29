from train import fit


def test_fit_moves_weights():
    params = fit(steps=3)
    assert float(params["w"][0]) > 0.0
