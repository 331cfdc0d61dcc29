"""MLP layers as a list of dicts."""
import jax
import jax.numpy as jnp


def init_mlp(key, sizes):
    keys = jax.random.split(key, len(sizes) - 1)
    return [{"w": jax.random.normal(k, (n_out, n_in)) / jnp.sqrt(n_in), "b": jnp.zeros(n_out)}
            for k, n_in, n_out in zip(keys, sizes[:-1], sizes[1:])]


def forward(params, x):
    for layer in params[:-1]:
        x = jnp.tanh(x @ layer["w"].T + layer["b"])
    last = params[-1]
    return x @ last["w"].T + last["b"]
