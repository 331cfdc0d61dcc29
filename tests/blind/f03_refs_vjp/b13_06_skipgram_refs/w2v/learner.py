"""A learner that updates the embedding table with plain SGD."""

import jax
import jax.numpy as jnp

from w2v.objective import sgns_loss


class Learner:
    def __init__(self, cfg, key):
        self.cfg = cfg
        table = 0.1 * jax.random.normal(key, (cfg.vocab, cfg.dim))
        self.table = jax.new_ref(table) if cfg.store_in_ref else table
        self.grad = jax.new_ref(jnp.zeros_like(table))

    def step(self, center, context, negatives):
        loss, f_vjp = jax.vjp(sgns_loss, self.table, center, context, negatives)
        ct = jnp.ones_like(loss)
        if self.cfg.grad_into_ref:
            self.grad[...] = jnp.zeros_like(self.grad[...])
            skip = jax.ad.DontWant()
            f_vjp.with_refs(self.grad, skip, skip, skip)(ct)
            g = self.grad[...]
        else:
            g, *_ = f_vjp(ct)
        if self.cfg.store_in_ref:
            self.table[...] = self.table[...] - self.cfg.lr * g
        else:
            self.table = self.table - self.cfg.lr * g
        return loss
