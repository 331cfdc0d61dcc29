"""A small classifier of plankton frames (normalisation included)."""

import jax
import jax.numpy as jnp

N_CLASSES = 3


def init(key, n_pixels=256, n_hidden=32):
    k1, k2 = jax.random.split(key)
    return {
        "w1": jax.random.normal(k1, (n_pixels, n_hidden)) / 16.0,
        "b1": jnp.zeros(n_hidden),
        "w2": jax.random.normal(k2, (n_hidden, N_CLASSES)) / jnp.sqrt(n_hidden),
    }


def logits(params, frame):
    x = frame.reshape(-1) / 255.0
    h = jnp.tanh(x @ params["w1"] + params["b1"])
    return h @ params["w2"]


def class_score(params, frame, label):
    return jax.nn.log_softmax(logits(params, frame))[label]
