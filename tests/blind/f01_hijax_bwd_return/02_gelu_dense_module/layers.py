"""Minimal module classes in the style of a neural-network library."""

import jax
import jax.numpy as jnp

from activations import gelu


class Dense:
    def __init__(self, n_in, n_out, activation=None):
        self.n_in, self.n_out, self.activation = n_in, n_out, activation

    def init(self, key):
        w = jax.random.normal(key, (self.n_in, self.n_out)) / jnp.sqrt(self.n_in)
        return {"kernel": w, "bias": jnp.zeros((self.n_out,))}

    def __call__(self, params, x):
        y = x @ params["kernel"] + params["bias"]
        return self.activation(y) if self.activation else y


class Sequential:
    def __init__(self, *layers):
        self.layers = layers

    def init(self, key):
        keys = jax.random.split(key, len(self.layers))
        return [layer.init(k) for layer, k in zip(self.layers, keys)]

    def __call__(self, params, x):
        for layer, p in zip(self.layers, params):
            x = layer(p, x)
        return x


def build():
    return Sequential(Dense(3, 16, gelu), Dense(16, 16, gelu), Dense(16, 1))
