"""A small MLP whose activation is chosen by name from a registry."""

import functools

import jax
import jax.numpy as jnp

from prims import scaled_softplus

ACTIVATIONS = {
    "relu": jax.nn.relu,
    "tanh": jnp.tanh,
    "softplus2": functools.partial(scaled_softplus, beta=2.0),
}


class MLP:
    def __init__(self, sizes, activation="relu"):
        self.sizes = tuple(sizes)
        self.act = ACTIVATIONS[activation]

    def init(self, key):
        params = []
        for n_in, n_out in zip(self.sizes[:-1], self.sizes[1:]):
            key, sub = jax.random.split(key)
            w = jax.random.normal(sub, (n_in, n_out)) / jnp.sqrt(n_in)
            params.append({"w": w, "b": jnp.zeros(n_out)})
        return params

    def __call__(self, params, x):
        for layer in params[:-1]:
            x = self.act(x @ layer["w"] + layer["b"])
        last = params[-1]
        return x @ last["w"] + last["b"]
