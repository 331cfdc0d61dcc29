"""A two-layer regressor with batch normalisation on the hidden layer."""

from __future__ import annotations

import jax
import jax.numpy as jnp

from tabular.core.outputs import LossOutput


class BatchNormMLP:
    def __init__(self, n_in: int, hidden: int = 16, momentum: float = 0.9):
        self.n_in, self.hidden, self.momentum = n_in, hidden, momentum

    def init(self, key):
        k1, k2 = jax.random.split(key)
        params = {
            "w1": jax.random.normal(k1, (self.n_in, self.hidden)) / jnp.sqrt(self.n_in),
            "gamma": jnp.ones((self.hidden,)),
            "beta": jnp.zeros((self.hidden,)),
            "w2": jax.random.normal(k2, (self.hidden,)) / jnp.sqrt(self.hidden),
        }
        state = {"mean": jnp.zeros((self.hidden,)), "var": jnp.ones((self.hidden,))}
        return params, state

    def apply(self, params, state, x, train: bool):
        h = x @ params["w1"]
        if train:
            mean, var = jnp.mean(h, axis=0), jnp.var(h, axis=0)
            m = self.momentum
            state = {"mean": m * state["mean"] + (1 - m) * mean,
                     "var": m * state["var"] + (1 - m) * var}
        else:
            mean, var = state["mean"], state["var"]
        h = params["gamma"] * (h - mean) / jnp.sqrt(var + 1e-5) + params["beta"]
        return jax.nn.relu(h) @ params["w2"], state

    def loss(self, params, state, x, y):
        pred, new_state = self.apply(params, state, x, train=True)
        mse = jnp.mean((pred - y) ** 2)
        out = LossOutput(mse, {"mae": jnp.mean(jnp.abs(pred - y))}, new_state)
        return out.for_grad()
