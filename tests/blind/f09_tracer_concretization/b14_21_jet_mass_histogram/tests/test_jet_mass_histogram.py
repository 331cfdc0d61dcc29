from optimise_cut import optimise


def test_optimise_short():
    cut, z = optimise(steps=2)
    assert z > 0
