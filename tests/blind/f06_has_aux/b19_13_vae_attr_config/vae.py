"""A small Gaussian VAE and the losses that can train it."""

import jax
import jax.numpy as jnp

LOSSES = {}


def register_loss(fn):
    LOSSES[fn.__name__] = fn
    return fn


def init_vae(key, d_in, latent, hidden):
    ks = jax.random.split(key, 3)
    scale = lambda n: 1.0 / jnp.sqrt(n)
    return {
        "enc": jax.random.normal(ks[0], (d_in, hidden)) * scale(d_in),
        "enc_out": jax.random.normal(ks[1], (hidden, 2 * latent)) * scale(hidden),
        "dec": jax.random.normal(ks[2], (latent, d_in)) * scale(latent),
    }


def encode(params, x):
    stats = jnp.tanh(x @ params["enc"]) @ params["enc_out"]
    mu, log_var = jnp.split(stats, 2, axis=-1)
    return mu, log_var


@register_loss
def neg_elbo(params, x, key, beta=1.0):
    mu, log_var = encode(params, x)
    z = mu + jnp.exp(0.5 * log_var) * jax.random.normal(key, mu.shape)
    recon = jnp.mean(jnp.sum((z @ params["dec"] - x) ** 2, axis=-1))
    kl = jnp.mean(-0.5 * jnp.sum(1 + log_var - mu**2 - jnp.exp(log_var), axis=-1))
    return recon + beta * kl, {"recon": recon, "kl": kl}


@register_loss
def autoencoder_mse(params, x, key, beta=1.0):
    mu, _ = encode(params, x)
    return jnp.mean(jnp.sum((mu @ params["dec"] - x) ** 2, axis=-1))
