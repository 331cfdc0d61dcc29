"""Fit a quadratic smile to the implied vols of a model that prices with a skewed surface."""
import jax
import jax.numpy as jnp

from black_scholes import call_price
from solver import implied_vol

SPOT, RATE, TAU = 100.0, 0.02, 0.5
STRIKES = jnp.linspace(80.0, 120.0, 9)
MARKET_VOLS = 0.22 - 0.002 * (STRIKES - SPOT) + 0.00008 * (STRIKES - SPOT) ** 2


def smile(coef, strikes):
    m = strikes - SPOT
    return coef[0] + coef[1] * m + coef[2] * m ** 2


def loss(coef):
    prices = call_price(SPOT, STRIKES, RATE, TAU, smile(coef, STRIKES))
    vols = implied_vol(prices, SPOT, STRIKES, RATE, TAU)
    return jnp.sum((vols - MARKET_VOLS) ** 2)


def fit(coef, lr=(0.05, 3e-4, 1e-6), iters=100):
    lr = jnp.array(lr)
    g = jax.jit(jax.grad(loss))
    for _ in range(iters):
        coef = coef - lr * g(coef)
    return coef


def main():
    coef = fit(jnp.array([0.2, 0.0, 0.0]))
    print("smile coefficients", coef, "loss", float(loss(coef)))
    return coef


if __name__ == "__main__":
    main()
