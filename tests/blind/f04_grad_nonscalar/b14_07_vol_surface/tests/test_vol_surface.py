from calibrate_surface import market_quotes
from volfit.config import FitConfig
from volfit.surface import init_params
from volfit.train import fit


def test_fit_few_steps():
    k, t, quotes = market_quotes()
    params, loss = fit(init_params(), k, t, quotes, FitConfig(steps=3))
    assert loss >= 0
