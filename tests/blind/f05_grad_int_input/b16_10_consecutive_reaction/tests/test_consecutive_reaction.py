from fit_rates import fit
from settings import SETTINGS


def test_rate_fit():
    rates = fit(dict(SETTINGS, n_iter=1))
    assert rates.shape == (2,)
