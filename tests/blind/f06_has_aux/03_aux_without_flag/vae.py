"""A tiny linear VAE: loss plus KL and reconstruction terms for logging."""

import jax
import jax.numpy as jnp


def elbo_loss(params, x, key):
    mu = x @ params["enc_mu"]
    log_var = x @ params["enc_lv"]
    z = mu + jnp.exp(0.5 * log_var) * jax.random.normal(key, mu.shape)
    recon = z @ params["dec"]
    rec = jnp.mean(jnp.sum((recon - x) ** 2, axis=-1))
    kl = jnp.mean(-0.5 * jnp.sum(1 + log_var - mu**2 - jnp.exp(log_var), axis=-1))
    return rec + kl, {"rec": rec, "kl": kl}
