"""Loss terms of a denoising autoencoder, bundled for logging."""

from typing import NamedTuple

import jax
import jax.numpy as jnp


class Losses(NamedTuple):
    total: jax.Array
    recon: jax.Array
    sparsity: jax.Array


def combine(recon, code, beta):
    sparsity = jnp.mean(jnp.abs(code))
    return Losses(total=recon + beta * sparsity, recon=recon, sparsity=sparsity)
