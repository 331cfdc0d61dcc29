"""A per-bin gain predicted from the log-magnitude of each frame."""

import jax
import jax.numpy as jnp


class GainMLP:
    def __init__(self, n_bins, hidden=32):
        self.n_bins = n_bins
        self.hidden = hidden

    def init(self, key):
        k1, k2 = jax.random.split(key)
        return {
            "w1": jax.random.normal(k1, (self.n_bins, self.hidden)) * 0.1,
            "b1": jnp.zeros(self.hidden),
            "w2": jax.random.normal(k2, (self.hidden, self.n_bins)) * 0.1,
            "b2": jnp.full(self.n_bins, 2.0),
        }

    def __call__(self, params, mag):
        h = jnp.tanh(jnp.log1p(mag) @ params["w1"] + params["b1"])
        return jax.nn.sigmoid(h @ params["w2"] + params["b2"])
