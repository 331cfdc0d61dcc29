"""Dirichlet-multinomial model of over-dispersed category counts."""
from __future__ import annotations

import numpy as np
import jax
import jax.numpy as jnp
from jax.scipy.special import gammaln


@jax.tree_util.register_pytree_node_class
class DirichletMultinomial:
    def __init__(self, concentration):
        self.concentration = concentration

    def tree_flatten(self):
        return (self.concentration,), None

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(*children)

    @classmethod
    def from_labels(cls, labels: np.ndarray, n_categories: int) -> "DirichletMultinomial":
        """Start from the empirical category frequencies as pseudo-counts."""
        return cls(jnp.asarray(np.bincount(labels, minlength=n_categories), jnp.float32))

    def log_prob(self, counts):
        a = self.concentration
        n = jnp.sum(counts, axis=-1)
        a0 = jnp.sum(a)
        return (
            gammaln(n + 1.0) + gammaln(a0) - gammaln(n + a0)
            + jnp.sum(gammaln(counts + a) - gammaln(a) - gammaln(counts + 1.0), axis=-1)
        )
