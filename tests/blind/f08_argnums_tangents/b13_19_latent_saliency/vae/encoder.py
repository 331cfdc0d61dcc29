"""Gaussian encoder of a VAE trained on 8x8 sensor patches."""

import jax
import jax.numpy as jnp


def init(key, n_in=64, hidden=32, latent=4):
    k1, k2, k3 = jax.random.split(key, 3)
    return {
        "hid": jax.random.normal(k1, (n_in, hidden)) / jnp.sqrt(n_in),
        "mu": jax.random.normal(k2, (hidden, latent)) / jnp.sqrt(hidden),
        "logvar": jax.random.normal(k3, (hidden, latent)) / jnp.sqrt(hidden),
    }


def encode(params, x):
    h = jnp.tanh(x @ params["hid"])
    return h @ params["mu"], h @ params["logvar"]
