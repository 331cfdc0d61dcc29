import jax.numpy as jnp

from volfit.config import FitConfig
from volfit.surface import implied_vol, init_params
from volfit.train import fit


def market_quotes():
    k = jnp.linspace(-0.4, 0.4, 9)
    t = jnp.array([0.1, 0.25, 0.5, 1.0, 2.0])
    truth = {"atm": 0.18, "skew": -0.12, "smile": 0.35, "term": 0.02}
    return k, t, implied_vol(truth, k, t)


def main():
    k, t, quotes = market_quotes()
    params, loss = fit(init_params(), k, t, quotes, FitConfig())
    print("fitted:", {n: float(v) for n, v in params.items()}, "loss", float(loss))


if __name__ == "__main__":
    main()
