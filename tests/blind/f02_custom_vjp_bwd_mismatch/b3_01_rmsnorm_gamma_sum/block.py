"""A pre-norm feed-forward block."""
import jax
import jax.numpy as jnp

from rmsnorm import rms_norm


class FeedForward:
    def __init__(self, width, hidden, key):
        k1, k2 = jax.random.split(key)
        self.params = {
            "gamma": jnp.ones((width,)),
            "w_in": jax.random.normal(k1, (width, hidden)) / jnp.sqrt(width),
            "w_out": jax.random.normal(k2, (hidden, width)) / jnp.sqrt(hidden),
        }

    @staticmethod
    def apply(params, x):
        h = rms_norm(x, params["gamma"])
        return x + jax.nn.silu(h @ params["w_in"]) @ params["w_out"]
