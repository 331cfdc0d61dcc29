"""Spectral losses, picked by name from the training config."""

import jax.numpy as jnp

LOSSES = {}


def loss(name):
    def register(fn):
        LOSSES[name] = fn
        return fn

    return register


@loss("spectral_mse")
def spectral_mse(est, clean):
    # est, clean: (batch, frames, bins)
    return jnp.mean((est - clean) ** 2, axis=(0, 1))


@loss("log_spectral")
def log_spectral(est, clean):
    return jnp.mean((jnp.log1p(est) - jnp.log1p(clean)) ** 2)
