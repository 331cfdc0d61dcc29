"""A linear-Gaussian VAE on 4-dimensional data."""
import jax
import jax.numpy as jnp

from logging_utils import log_metrics


def init(key, d=4, z=2):
    k1, k2 = jax.random.split(key)
    return {"enc": 0.1 * jax.random.normal(k1, (d, 2 * z)),
            "dec": 0.1 * jax.random.normal(k2, (z, d))}


@log_metrics()
def elbo_loss(params, x, key):
    h = x @ params["enc"]
    mu, log_var = jnp.split(h, 2, axis=-1)
    z = mu + jnp.exp(0.5 * log_var) * jax.random.normal(key, mu.shape)
    recon = jnp.mean(jnp.sum((z @ params["dec"] - x) ** 2, axis=-1))
    kl = jnp.mean(-0.5 * jnp.sum(1 + log_var - mu**2 - jnp.exp(log_var), axis=-1))
    return recon + kl, {"recon": recon, "kl": kl}
