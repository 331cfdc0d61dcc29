"""Product catalogue as exported by the shop backend (prices in cents)."""
import jax.numpy as jnp

SKUS = ("mug", "tee", "hoodie", "cap", "poster")


def load_catalog():
    return {
        "sku": SKUS,
        "list_price_cents": jnp.array([1299, 2499, 5499, 1999, 899]),
        "unit_cost_cents": jnp.array([400, 900, 2100, 600, 150]),
    }


def to_dollars(cents):
    return cents / 100.0


def initial_prices(catalog):
    """Start the optimiser from the current list prices, in dollars."""
    return catalog["list_price_cents"] // 100
