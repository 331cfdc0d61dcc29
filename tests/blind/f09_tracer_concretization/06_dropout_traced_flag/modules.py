"""Hand-written module with dropout."""

import jax
import jax.numpy as jnp


class MLPWithDropout:
    def __init__(self, rate):
        self.rate = rate

    def __call__(self, params, x, key, train):
        h = jax.nn.relu(x @ params["w1"])
        if train:
            keep = jax.random.bernoulli(key, 1 - self.rate, h.shape)
            h = jnp.where(keep, h / (1 - self.rate), 0.0)
        return h @ params["w2"]
