"""Encoder and decoder MLPs as pure functions of a params dict."""
import jax
import jax.numpy as jnp


def dense(key, n_in, n_out):
    return {"w": jax.random.normal(key, (n_in, n_out)) / jnp.sqrt(n_in), "b": jnp.zeros(n_out)}


def init_vae(key, d_x, d_h, d_z):
    k = jax.random.split(key, 4)
    return {
        "enc": dense(k[0], d_x, d_h),
        "enc_mu": dense(k[1], d_h, d_z),
        "enc_logvar": dense(k[2], d_h, d_z),
        "dec": dense(k[3], d_z, d_x),
    }


def apply(layer, x):
    return x @ layer["w"] + layer["b"]


def encode(params, x):
    h = jnp.tanh(apply(params["enc"], x))
    return apply(params["enc_mu"], h), apply(params["enc_logvar"], h)


def decode(params, z):
    return apply(params["dec"], z)
