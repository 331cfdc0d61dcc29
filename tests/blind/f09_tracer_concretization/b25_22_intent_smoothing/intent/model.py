"""Mean-of-embeddings intent classifier for short utterances."""

from __future__ import annotations

import jax
import jax.numpy as jnp

from intent.config import ClassifierConfig
from intent.targets import infer_num_classes, smoothed_targets


class BagOfWordsClassifier:
    def __init__(self, cfg: ClassifierConfig, n_out: int):
        self.cfg = cfg
        self.n_out = n_out

    def init(self, key):
        k1, k2 = jax.random.split(key)
        return {"embed": 0.1 * jax.random.normal(k1, (self.cfg.vocab_size, self.cfg.embed_dim)),
                "out": 0.1 * jax.random.normal(k2, (self.cfg.embed_dim, self.n_out))}

    def logits(self, params, tokens, mask):
        e = params["embed"][tokens] * mask[..., None]
        pooled = jnp.sum(e, axis=1) / jnp.maximum(jnp.sum(mask, axis=1, keepdims=True), 1.0)
        return pooled @ params["out"]

    def loss(self, params, tokens, mask, labels):
        n_classes = self.cfg.n_classes or infer_num_classes(labels)
        targets = smoothed_targets(labels, n_classes, self.cfg.label_smoothing)
        logp = jax.nn.log_softmax(self.logits(params, tokens, mask))
        return -jnp.mean(jnp.sum(targets * logp, axis=-1))
