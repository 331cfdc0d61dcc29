import gp


def test_hyperparameters_are_fitted():
    X, y = gp.load_doses(n=20, seed=1)
    hyp, nlml = gp.optimise(X, y, iters=3)
    assert float(nlml) == float(nlml)
