"""Gradient ascent on expected profit, starting from the list prices."""
import jax
import jax.numpy as jnp

from pricing.catalog import initial_prices, load_catalog, to_dollars
from pricing.demand import expected_profit

APPEAL = jnp.array([2.0, 3.0, 4.5, 2.5, 1.0])
SENSITIVITY = 0.12


def reprice(steps=200, lr=1e-3):
    catalog = load_catalog()
    cost = to_dollars(catalog["unit_cost_cents"])
    prices = initial_prices(catalog)
    for _ in range(steps):
        g = jax.grad(expected_profit)(prices, cost, APPEAL, SENSITIVITY)
        prices = prices + lr * g
    return catalog["sku"], prices, expected_profit(prices, cost, APPEAL, SENSITIVITY)


def main():
    skus, prices, profit = reprice()
    for sku, p in zip(skus, prices):
        print(f"{sku:7s} ${float(p):6.2f}")
    print("expected profit", float(profit))


if __name__ == "__main__":
    main()
