"""Single-head self-attention written with plain dict parameters."""

from __future__ import annotations

import jax
import jax.numpy as jnp

from seqcls.inspect.recorder import Recorder


class SelfAttention:
    def __init__(self, d_model: int):
        self.d_model = d_model

    def init(self, key):
        kq, kk, kv = jax.random.split(key, 3)
        scale = 1.0 / jnp.sqrt(self.d_model)
        shape = (self.d_model, self.d_model)
        return {
            "wq": scale * jax.random.normal(kq, shape),
            "wk": scale * jax.random.normal(kk, shape),
            "wv": scale * jax.random.normal(kv, shape),
        }

    def __call__(self, params, x, recorder: Recorder | None = None):
        q, k, v = x @ params["wq"], x @ params["wk"], x @ params["wv"]
        scores = q @ jnp.swapaxes(k, -1, -2) / jnp.sqrt(self.d_model)
        probs = jax.nn.softmax(scores, axis=-1)
        if recorder is not None:
            recorder.record(probs)
        return probs @ v
