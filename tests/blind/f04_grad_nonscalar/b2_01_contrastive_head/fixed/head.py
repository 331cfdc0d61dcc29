"""InfoNCE-style contrastive head over paired embeddings."""

import jax
import jax.numpy as jnp


class ContrastiveHead:
    def __init__(self, temperature=0.1):
        self.temperature = temperature

    def project(self, params, z):
        p = z @ params["proj"]
        return p / jnp.linalg.norm(p, axis=-1, keepdims=True)

    def loss(self, params, anchors, positives):
        a = self.project(params, anchors)
        p = self.project(params, positives)
        logits = a @ p.T / self.temperature
        labels = jnp.arange(a.shape[0])
        return -jnp.mean(jax.nn.log_softmax(logits, axis=-1)[labels, labels])
