"""SGD over Ref-held parameters via jax.vjp(...).with_refs."""

from __future__ import annotations

import functools

import jax
import jax.numpy as jnp

from ctr.buffers import GradPool
from ctr.model import ClickModel


class Trainer:
    def __init__(self, model: ClickModel, lr: float = 0.5):
        self.model = model
        self.lr = lr
        self.pool = GradPool.like(model.param_refs)

    def step(self, features, clicks):
        self.pool.zero()
        loss_fn = functools.partial(ClickModel.loss, l2=self.model.l2)
        loss, f_vjp = jax.vjp(loss_fn, *self.model.param_refs, features, clicks)
        dont = jax.ad.DontWant()
        f_vjp.with_refs(*self.pool.buffers, dont, dont)(jnp.ones_like(loss))
        for p, g in zip(self.model.param_refs, self.pool.values()):
            p[...] = p[...] - self.lr * g
        return loss
