"""Per-instrument static data: tick sizes and inventory limits (in shares)."""

import jax.numpy as jnp

INSTRUMENTS = ("AAA", "BBB", "CCC")
TICK = jnp.array([0.01, 0.01, 0.05])
INVENTORY_LIMIT = jnp.array([500, 800, 200])  # shares
