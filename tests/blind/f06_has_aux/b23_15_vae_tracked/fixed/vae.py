import jax
import jax.numpy as jnp

from tracking import tracked

LATENT = 2


def init(key, d_in=8, hidden=16):
    ks = jax.random.split(key, 4)
    n = lambda k, s: 0.2 * jax.random.normal(k, s)
    return {
        "enc": n(ks[0], (d_in, hidden)),
        "mu": n(ks[1], (hidden, LATENT)),
        "logvar": n(ks[2], (hidden, LATENT)),
        "dec": n(ks[3], (LATENT, d_in)),
    }


def encode(params, x):
    h = jax.nn.relu(x @ params["enc"])
    return h @ params["mu"], h @ params["logvar"]


def decode(params, z):
    return z @ params["dec"]


def elbo_loss(params, x, key):
    mu, logvar = encode(params, x)
    z = mu + jnp.exp(0.5 * logvar) * jax.random.normal(key, mu.shape)
    recon = jnp.mean(jnp.sum((decode(params, z) - x) ** 2, axis=-1))
    kl = jnp.mean(-0.5 * jnp.sum(1 + logvar - mu ** 2 - jnp.exp(logvar), axis=-1))
    return recon + kl, {"recon": recon, "kl": kl}
