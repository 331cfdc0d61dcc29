"""Online standardisation of sensor channels (Welford-style running mean).

The running mean lives in a mutable JAX Ref so that the same object can be
threaded through jitted inference and updated in place.
"""
import jax
import jax.numpy as jnp


class RunningNormalizer:
    def __init__(self, n_channels, momentum=0.9):
        self.momentum = momentum
        self.mean = jax.new_ref(jnp.zeros(n_channels))

    def __call__(self, mean_ref, x):
        batch_mean = jnp.mean(x, axis=0)
        mean_ref[...] = self.momentum * mean_ref[...] + (1 - self.momentum) * batch_mean
        return x - mean_ref[...]


def linear_head(w, z):
    return jnp.tanh(z @ w)
