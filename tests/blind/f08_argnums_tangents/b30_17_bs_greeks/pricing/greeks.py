"""Greeks as derivatives of a pricer with respect to a named market input."""
import jax

from pricing.black_scholes import MARKET_ARGS

GREEKS = {
    "delta": ("spot", 1),
    "gamma": ("spot", 2),
    "vega": ("vol", 1),
    "rho": ("rate", 1),
}


def make_greek(pricer, name):
    wrt, order = GREEKS[name]
    fn = pricer
    for _ in range(order):
        fn = jax.grad(fn, argnums=MARKET_ARGS.index(wrt))
    return fn
