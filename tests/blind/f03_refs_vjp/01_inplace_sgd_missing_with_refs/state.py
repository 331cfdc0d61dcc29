"""Model weights kept in a mutable array reference and updated in place."""

import jax
import jax.numpy as jnp


class RefLinear:
    def __init__(self, n_in, n_out, key):
        self.w_ref = jax.new_ref(0.1 * jax.random.normal(key, (n_in, n_out)))

    @staticmethod
    def loss(w_ref, x, y):
        return jnp.mean((x @ w_ref[...] - y) ** 2)
