"""Conv -> ReLU -> global average pool -> dense, over a batch of single-lead beats."""

import jax
import jax.numpy as jnp

CLASSES = ("normal", "pvc", "apc", "fusion")


def init(key, width=7, channels=8):
    k1, k2 = jax.random.split(key)
    return {
        "conv": 0.3 * jax.random.normal(k1, (channels, width)),
        "dense": 0.3 * jax.random.normal(k2, (channels, len(CLASSES))),
    }


def logits(params, beats):
    # beats: (batch, samples)
    conv = jax.vmap(lambda b: jax.vmap(lambda k: jnp.convolve(b, k, mode="same"))(params["conv"]))
    feats = jnp.mean(jax.nn.relu(conv(beats)), axis=-1)  # (batch, channels)
    return feats @ params["dense"]  # (batch, classes)
