"""A variational autoencoder for single-cell gene-expression counts."""

import jax
import jax.numpy as jnp


def dense(key, n_in, n_out):
    return {"w": jax.random.normal(key, (n_in, n_out)) / jnp.sqrt(n_in), "b": jnp.zeros(n_out)}


def init(key, n_genes=40, n_hidden=24, n_latent=4):
    ks = jax.random.split(key, 4)
    return {
        "enc": dense(ks[0], n_genes, n_hidden),
        "mu": dense(ks[1], n_hidden, n_latent),
        "logvar": dense(ks[2], n_hidden, n_latent),
        "dec": dense(ks[3], n_latent, n_genes),
    }


def _apply(p, x):
    return x @ p["w"] + p["b"]


def encode(params, counts):
    h = jax.nn.softplus(_apply(params["enc"], jnp.log1p(counts)))
    return _apply(params["mu"], h), _apply(params["logvar"], h)


def decode_log_rate(params, z, library_size):
    return jax.nn.log_softmax(_apply(params["dec"], z)) + jnp.log(library_size)[:, None]
