from size_pipes import optimise


def test_diameters_stay_in_catalogue_range():
    d = optimise(iters=1)
    assert float(d.min()) >= 0.05 and float(d.max()) <= 0.5
