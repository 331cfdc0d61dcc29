"""Parameter containers for a coarse-grained bead model."""

from __future__ import annotations

from typing import NamedTuple

import jax
import jax.numpy as jnp


class ForceField(NamedTuple):
    """Lennard-Jones parameters per bead type."""

    epsilon: jax.Array   # (n_types,)
    sigma: jax.Array     # (n_types,)

    @classmethod
    def uniform(cls, n_types: int, epsilon: float = 1.0, sigma: float = 1.0) -> "ForceField":
        return cls(jnp.full((n_types,), epsilon), jnp.full((n_types,), sigma))


class ForceFieldGrads(NamedTuple):
    """Sensitivities of an energy to the force-field parameters."""

    epsilon: jax.Array
    sigma: jax.Array

    def norm(self) -> jax.Array:
        return jnp.sqrt(jnp.sum(self.epsilon**2) + jnp.sum(self.sigma**2))
