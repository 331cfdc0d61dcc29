"""Fit a quadratic volatility smile to quoted option prices, matching implied vols."""
import jax
import jax.numpy as jnp

from blackscholes import call_price, implied_vol

SPOT, RATE, TAU = 100.0, 0.01, 0.5
STRIKES = jnp.linspace(80.0, 120.0, 9)


def smile(coeffs, strikes):
    m = jnp.log(strikes / SPOT)
    return coeffs[0] + coeffs[1] * m + coeffs[2] * m**2


def vol_error(coeffs, quotes):
    model_prices = call_price(SPOT, STRIKES, RATE, TAU, smile(coeffs, STRIKES))
    model_vols = implied_vol(model_prices, SPOT, STRIKES, RATE, TAU)
    market_vols = implied_vol(quotes, SPOT, STRIKES, RATE, TAU)
    return jnp.mean((model_vols - market_vols) ** 2)


def calibrate(quotes, steps=3, lr=0.5):
    coeffs = jnp.array([0.2, 0.0, 0.0])
    for _ in range(steps):
        coeffs = coeffs - lr * jax.grad(vol_error)(coeffs, quotes)
    return coeffs


def main():
    quotes = call_price(SPOT, STRIKES, RATE, TAU, smile(jnp.array([0.25, -0.1, 0.4]), STRIKES))
    print("smile", calibrate(quotes))


if __name__ == "__main__":
    main()
