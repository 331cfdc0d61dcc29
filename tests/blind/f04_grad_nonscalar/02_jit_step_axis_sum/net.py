"""Two-layer classifier."""

import jax
import jax.numpy as jnp


def init(key, n_in=4, n_hidden=16, n_out=3):
    k1, k2 = jax.random.split(key)
    return [
        (jax.random.normal(k1, (n_in, n_hidden)) * 0.3, jnp.zeros(n_hidden)),
        (jax.random.normal(k2, (n_hidden, n_out)) * 0.3, jnp.zeros(n_out)),
    ]


def apply(params, x):
    (w1, b1), (w2, b2) = params
    return jax.nn.relu(x @ w1 + b1) @ w2 + b2
