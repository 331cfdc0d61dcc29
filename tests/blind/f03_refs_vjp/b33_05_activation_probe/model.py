import jax
import jax.numpy as jnp

from monitoring import HookList


class TwoLayerNet:
    def __init__(self, hooks: HookList):
        self.hooks = hooks

    def init(self, key, d_in, d_hidden):
        k1, k2 = jax.random.split(key)
        return {"w1": jax.random.normal(k1, (d_in, d_hidden)) / jnp.sqrt(d_in),
                "w2": jax.random.normal(k2, (d_hidden, 1)) / jnp.sqrt(d_hidden)}

    def apply(self, params, x):
        h = jnp.tanh(x @ params["w1"])
        self.hooks.fire("hidden", h)
        return h @ params["w2"]

    def loss(self, params, x, y):
        return jnp.mean((self.apply(params, x) - y) ** 2)
