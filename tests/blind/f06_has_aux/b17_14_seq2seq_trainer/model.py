"""A tiny GRU sequence model written with lax.scan."""
import jax
import jax.numpy as jnp
from jax import lax


class GRU:
    def __init__(self, d_in, d_hidden, vocab):
        self.d_in, self.d_hidden, self.vocab = d_in, d_hidden, vocab

    def init(self, key):
        ks = jax.random.split(key, 3)
        s = 1.0 / jnp.sqrt(self.d_hidden)
        return {
            "wx": jax.random.normal(ks[0], (self.d_in, 3 * self.d_hidden)) * s,
            "wh": jax.random.normal(ks[1], (self.d_hidden, 3 * self.d_hidden)) * s,
            "out": jax.random.normal(ks[2], (self.d_hidden, self.vocab)) * s,
        }

    def apply(self, params, xs):
        def cell(h, x):
            gx = x @ params["wx"]
            gh = h @ params["wh"]
            rx, zx, nx = jnp.split(gx, 3, axis=-1)
            rh, zh, nh = jnp.split(gh, 3, axis=-1)
            r = jax.nn.sigmoid(rx + rh)
            z = jax.nn.sigmoid(zx + zh)
            n = jnp.tanh(nx + r * nh)
            h = (1 - z) * n + z * h
            return h, h @ params["out"]

        h0 = jnp.zeros((xs.shape[1], self.d_hidden))
        _, logits = lax.scan(cell, h0, xs)
        return logits

    def loss(self, params, xs, targets):
        logits = self.apply(params, xs)
        logp = jax.nn.log_softmax(logits)
        nll = -jnp.mean(jnp.take_along_axis(logp, targets[..., None], axis=-1))
        return nll, logits
