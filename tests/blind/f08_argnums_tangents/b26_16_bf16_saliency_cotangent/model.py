"""A small convolution-free image classifier run in bfloat16."""
import jax
import jax.numpy as jnp

from precision import POLICY


def init(key, n_pixels=64, hidden=48, n_classes=4):
    k1, k2 = jax.random.split(key)
    return {"w1": jax.random.normal(k1, (n_pixels, hidden)) / jnp.sqrt(n_pixels),
            "w2": jax.random.normal(k2, (hidden, n_classes)) / jnp.sqrt(hidden)}


def logits(params, images):
    p = POLICY.cast_to_compute(params)
    x = POLICY.cast_to_compute(images.reshape(images.shape[0], -1))
    return jax.nn.gelu(x @ p["w1"]) @ p["w2"]
