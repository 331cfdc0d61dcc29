"""A book of positions as a JAX pytree."""
from collections.abc import Mapping

import jax
import jax.numpy as jnp


@jax.tree_util.register_pytree_node_class
class Book:
    """Positions (units held) in a fixed, ordered list of tickers."""

    def __init__(self, units, tickers):
        self.units = units
        self.tickers = tuple(tickers)

    def tree_flatten(self):
        return (self.units,), self.tickers

    @classmethod
    def tree_unflatten(cls, tickers, children):
        return cls(children[0], tickers)

    @classmethod
    def from_positions(cls, positions: Mapping[str, float]):
        tickers = sorted(positions)
        return cls(jnp.array([positions[t] for t in tickers], dtype=jnp.float32), tickers)

    def value(self, prices):
        return prices @ self.units

    def __repr__(self):
        return f"Book({dict(zip(self.tickers, self.units.tolist()))})"
