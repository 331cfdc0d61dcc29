"""A piecewise-linear curve given by knot positions and heights."""
from typing import NamedTuple

import jax.numpy as jnp


class Spline(NamedTuple):
    knots: jnp.ndarray
    heights: jnp.ndarray

    @classmethod
    def identity(cls, n_knots):
        """Knots at 0, 1, ..., n-1 with heights equal to the knots (the identity map)."""
        knots = jnp.arange(n_knots, dtype=jnp.float32)
        return cls(knots=knots, heights=knots / 1.0)

    def __call__(self, t):
        return jnp.interp(t, self.knots, self.heights)
