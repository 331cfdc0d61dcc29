"""Keyword spotting: a 1D convolution over frames, then smooth max pooling over time."""

import jax
import jax.numpy as jnp

from smooth import make_smooth_max

pool_over_time = make_smooth_max(temperature=0.2, axis=1)


def init(key, n_mels=10, n_filters=6, width=5, n_classes=3):
    k1, k2 = jax.random.split(key)
    return {
        "conv": jax.random.normal(k1, (width, n_mels, n_filters)) * 0.2,
        "out": jax.random.normal(k2, (n_filters, n_classes)) * 0.3,
    }


def logits(params, frames):
    feats = jax.lax.conv_general_dilated(frames, params["conv"], (1,), "VALID", dimension_numbers=("NWC", "WIO", "NWC"))
    pooled = pool_over_time(jax.nn.relu(feats))
    return pooled @ params["out"]


def loss(params, frames, labels):
    logp = jax.nn.log_softmax(logits(params, frames))
    return -jnp.mean(logp[jnp.arange(labels.shape[0]), labels])
