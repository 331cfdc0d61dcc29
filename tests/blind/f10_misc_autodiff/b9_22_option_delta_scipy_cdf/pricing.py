"""Black-Scholes prices and deltas of a book of European calls."""
import jax
import jax.numpy as jnp

from numerics import normal_cdf


def call_price(spot, strike, vol, rate, maturity):
    sd = vol * jnp.sqrt(maturity)
    d1 = (jnp.log(spot / strike) + (rate + 0.5 * vol**2) * maturity) / sd
    d2 = d1 - sd
    return spot * normal_cdf(d1) - strike * jnp.exp(-rate * maturity) * normal_cdf(d2)


def book_value(spot, strikes, vol=0.2, rate=0.01, maturity=0.5):
    return jnp.sum(call_price(spot, strikes, vol, rate, maturity))


def book_delta(spot, strikes):
    return jax.grad(book_value)(spot, strikes)


def main():
    strikes = jnp.array([90.0, 100.0, 110.0])
    print("value", book_value(100.0, strikes), "delta", book_delta(100.0, strikes))


if __name__ == "__main__":
    main()
