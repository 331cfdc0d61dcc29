"""Evidence lower bound with its terms kept for logging."""

import dataclasses
import functools

import jax
import jax.numpy as jnp

from vae import decode_log_rate, encode


@functools.partial(jax.tree_util.register_dataclass, data_fields=["loss", "recon", "kl"], meta_fields=[])
@dataclasses.dataclass
class ElboOutput:
    loss: jax.Array
    recon: jax.Array
    kl: jax.Array


def negative_elbo(params, counts, key, beta=1.0):
    mu, logvar = encode(params, counts)
    z = mu + jnp.exp(0.5 * logvar) * jax.random.normal(key, mu.shape)
    log_rate = decode_log_rate(params, z, counts.sum(axis=1))
    recon = -jnp.mean(jnp.sum(counts * log_rate - jnp.exp(log_rate), axis=1))
    kl = jnp.mean(0.5 * jnp.sum(jnp.exp(logvar) + mu**2 - 1.0 - logvar, axis=1))
    return ElboOutput(loss=recon + beta * kl, recon=recon, kl=kl)
