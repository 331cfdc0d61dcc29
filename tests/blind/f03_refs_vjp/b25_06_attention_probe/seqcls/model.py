"""Mean-pooled attention classifier."""

from __future__ import annotations

import jax
import jax.numpy as jnp

from seqcls.layers.attention import SelfAttention


class Classifier:
    def __init__(self, d_model: int, n_classes: int):
        self.attn = SelfAttention(d_model)
        self.d_model, self.n_classes = d_model, n_classes

    def init(self, key):
        ka, kh = jax.random.split(key)
        return {"attn": self.attn.init(ka),
                "head": 0.1 * jax.random.normal(kh, (self.d_model, self.n_classes))}

    def loss(self, params, x, labels, recorder=None):
        h = self.attn(params["attn"], x, recorder)
        logits = jnp.mean(h, axis=1) @ params["head"]
        logp = jax.nn.log_softmax(logits)
        return -jnp.mean(jnp.take_along_axis(logp, labels[:, None], axis=1))
