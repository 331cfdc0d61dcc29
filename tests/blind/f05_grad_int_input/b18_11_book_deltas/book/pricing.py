"""Black-Scholes call prices and their deltas for a small book."""
import jax
import jax.numpy as jnp
from jax.scipy.stats import norm

from book.market import load_market


def call_price(spot, vol, rate, strike, expiry):
    d1 = (jnp.log(spot / strike) + (rate + 0.5 * vol**2) * expiry) / (vol * jnp.sqrt(expiry))
    d2 = d1 - vol * jnp.sqrt(expiry)
    return spot * norm.cdf(d1) - strike * jnp.exp(-rate * expiry) * norm.cdf(d2)


def book_value(spot, vol, rate, strikes, expiries):
    return jnp.sum(call_price(spot, vol, rate, strikes, expiries))


def main():
    m = load_market()
    strikes = jnp.array([100.0, 110.0, 95.0, 125.0])
    expiries = jnp.array([0.5, 1.0, 0.25, 2.0])
    deltas = jax.grad(book_value)(m["spot"], m["vol"], m["rate"], strikes, expiries)
    print("deltas", deltas)


if __name__ == "__main__":
    main()
