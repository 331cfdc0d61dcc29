import newton


def test_speciation_has_five_species():
    x = newton.solve_speciation(iters=2)
    assert x.shape == (5,)
