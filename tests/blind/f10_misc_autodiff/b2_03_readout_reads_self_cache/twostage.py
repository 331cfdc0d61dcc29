"""Encoder + readout model whose readout has a hand-written gradient."""

import jax
import jax.numpy as jnp


class TwoStageRegressor:
    def __init__(self):
        self.cache = None
        self.readout = self._build_readout()

    def _build_readout(self):
        @jax.custom_vjp
        def readout(w):
            return jnp.tanh(self.cache) @ w

        def readout_fwd(w):
            t = jnp.tanh(self.cache)
            return t @ w, t

        def readout_bwd(t, g):
            return (t.T @ g,)

        readout.defvjp(readout_fwd, readout_bwd)
        return readout

    def encode(self, params, x):
        h = x @ params["enc"]
        self.cache = h
        return h

    def loss(self, params, x, y):
        self.encode(params, x)
        return jnp.mean((self.readout(params["dec"]) - y) ** 2)
