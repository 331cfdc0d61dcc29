import fit_variogram
from kriging import OrdinaryKriging


def test_short_fit():
    xy, grades = fit_variogram.drill_holes(n=20, seed=2)
    log_theta, nll = fit_variogram.fit(OrdinaryKriging(xy, grades), iters=2)
    assert log_theta.shape == (3,)
