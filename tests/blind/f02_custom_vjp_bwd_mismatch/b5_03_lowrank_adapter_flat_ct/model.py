"""A frozen linear map with a trainable low-rank correction."""

from dataclasses import dataclass, field

import jax
import jax.numpy as jnp

from adapter import Factors, init_factors, lowrank_delta


@dataclass
class AdaptedLinear:
    base: jax.Array
    rank: int = 2
    scale: float = 1.0
    factors: Factors = field(default_factory=dict)

    def init(self, key: jax.Array) -> Factors:
        return init_factors(key, self.base.shape[0], self.rank)

    def __call__(self, factors: Factors, x: jax.Array) -> jax.Array:
        return x @ self.base + self.scale * lowrank_delta(factors, x)
