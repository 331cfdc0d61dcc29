from assay import fit


def test_fit_returns_positive_constants():
    (vmax, km), metrics = fit(steps=3)
    assert vmax > 0 and km > 0 and metrics["rmse"] >= 0
