"""A tanh network whose parameters live in Refs between steps."""

import jax
import jax.numpy as jnp


def init_params(key, layer_sizes):
    params = []
    for n_in, n_out in zip(layer_sizes[:-1], layer_sizes[1:]):
        key, sub = jax.random.split(key)
        params.append(
            {
                "w": jax.new_ref(jax.random.normal(sub, (n_in, n_out)) / jnp.sqrt(n_in)),
                "b": jax.new_ref(jnp.zeros(n_out)),
            }
        )
    return params


def forward(params, x):
    *hidden, last = params
    for layer in hidden:
        x = jnp.tanh(x @ layer["w"][...] + layer["b"][...])
    return x @ last["w"][...] + last["b"][...]


def mse(params, x, y):
    return jnp.mean((forward(params, x) - y) ** 2)
