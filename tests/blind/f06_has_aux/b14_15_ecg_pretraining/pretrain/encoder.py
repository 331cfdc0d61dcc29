"""A small 1-D convolutional autoencoder for single-lead ECG windows."""
import jax
import jax.numpy as jnp


def init(key, width=8, kernel=9):
    k1, k2 = jax.random.split(key)
    return {
        "enc": 0.3 * jax.random.normal(k1, (width, kernel)),
        "dec": 0.3 * jax.random.normal(k2, (width, kernel)),
    }


def encode(params, x):
    return jax.nn.gelu(jax.vmap(lambda k: jnp.convolve(x, k, mode="same"))(params["enc"]))


def decode(params, h):
    return jnp.sum(jax.vmap(lambda hi, k: jnp.convolve(hi, k, mode="same"))(h, params["dec"]), axis=0)


def reconstruct(params, x):
    return decode(params, encode(params, x))
