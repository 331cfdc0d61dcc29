import analysis


def test_michaelis_menten_fit():
    popt, perr = analysis.fit_kinetics(max_iter=3)
    assert popt.shape == (2,)
