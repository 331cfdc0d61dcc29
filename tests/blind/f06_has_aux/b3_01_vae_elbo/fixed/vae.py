"""A linear-Gaussian variational autoencoder."""
import jax
import jax.numpy as jnp


def init(key, data_dim=8, latent_dim=2):
    k1, k2, k3 = jax.random.split(key, 3)
    return {
        "enc_mu": jax.random.normal(k1, (data_dim, latent_dim)) * 0.1,
        "enc_logvar": jax.random.normal(k2, (data_dim, latent_dim)) * 0.1,
        "dec": jax.random.normal(k3, (latent_dim, data_dim)) * 0.1,
    }


def encode(params, x):
    return x @ params["enc_mu"], x @ params["enc_logvar"]


def decode(params, z):
    return z @ params["dec"]


def negative_elbo(params, x, key):
    mu, logvar = encode(params, x)
    eps = jax.random.normal(key, mu.shape)
    z = mu + jnp.exp(0.5 * logvar) * eps
    recon = jnp.mean(jnp.sum((decode(params, z) - x) ** 2, axis=-1))
    kl = jnp.mean(-0.5 * jnp.sum(1.0 + logvar - mu**2 - jnp.exp(logvar), axis=-1))
    return recon + kl, (recon, kl)
