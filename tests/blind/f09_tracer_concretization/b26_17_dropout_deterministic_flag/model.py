"""A dropout MLP regressor shared by the training and evaluation code."""
import jax
import jax.numpy as jnp

from layers import dense, dropout

DROPOUT_RATE = 0.2


def init(key, sizes):
    keys = jax.random.split(key, len(sizes) - 1)
    return [{"w": jax.random.normal(k, (m, n)) / jnp.sqrt(m), "b": jnp.zeros(n)}
            for k, m, n in zip(keys, sizes[:-1], sizes[1:])]


def forward(params, x, key, deterministic):
    keys = jax.random.split(key, len(params))
    for layer, k in zip(params[:-1], keys):
        x = jax.nn.relu(dense(layer, x))
        x = dropout(x, DROPOUT_RATE, k, deterministic)
    return dense(params[-1], x)[:, 0]


apply_model = jax.jit(forward)
