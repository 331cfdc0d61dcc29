"""The beta-weighted negative ELBO."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp

from vae.kl import gaussian_kl
from vae.networks import decode, encode


@dataclass(frozen=True)
class ElboConfig:
    beta: float = 4.0
    obs_noise: float = 0.1


def negative_elbo(params, x, key, cfg=ElboConfig()):
    mu, logvar = encode(params, x)
    z = mu + jnp.exp(0.5 * logvar) * jax.random.normal(key, mu.shape)
    recon = jnp.mean(jnp.sum((decode(params, z) - x) ** 2, axis=-1)) / (2 * cfg.obs_noise**2)
    return recon + cfg.beta * gaussian_kl(mu, logvar)
