"""Linear instance scorer with bag-level pooling."""

from __future__ import annotations

from dataclasses import dataclass

import jax
import jax.numpy as jnp

from mil.pooling import lse_pool


@dataclass(frozen=True)
class InstanceScorer:
    n_features: int
    temperature: float = 0.5

    def init(self, key):
        return {"w": 0.1 * jax.random.normal(key, (self.n_features,)), "b": jnp.zeros(())}

    def bag_logits(self, params, bags):
        scores = bags @ params["w"] + params["b"]        # (n_bags, n_instances)
        return lse_pool(scores, self.temperature)

    def loss(self, params, bags, labels):
        logits = self.bag_logits(params, bags)
        return jnp.mean(jnp.logaddexp(0.0, logits) - labels * logits)
