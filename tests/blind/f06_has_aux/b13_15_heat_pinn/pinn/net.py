"""A small tanh MLP u(x, t) for the 1D heat equation."""

import jax
import jax.numpy as jnp

LAYERS = (2, 24, 24, 1)


def init(key):
    keys = jax.random.split(key, len(LAYERS) - 1)
    return [
        (jax.random.normal(k, (m, n)) * jnp.sqrt(1.0 / m), jnp.zeros(n))
        for k, m, n in zip(keys, LAYERS[:-1], LAYERS[1:])
    ]


def u(params, x, t):
    h = jnp.stack([x, t])
    for w, b in params[:-1]:
        h = jnp.tanh(h @ w + b)
    w, b = params[-1]
    return (h @ w + b)[0]
