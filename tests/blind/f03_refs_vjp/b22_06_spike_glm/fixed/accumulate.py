"""Gradient accumulation over micro-batches into Ref buffers."""

import jax
import jax.numpy as jnp


class GradAccumulator:
    def __init__(self, weight_refs, cfg):
        self.n_micro = cfg.n_micro
        self.buffers = {
            name: jax.new_ref(jnp.zeros_like(ref[...]))
            for name, ref in weight_refs.items()
        }

    def reset(self):
        for buf in self.buffers.values():
            buf[...] = jnp.zeros_like(buf[...])

    def accumulate(self, loss_fn, weight_refs, micro_batches):
        total = 0.0
        for batch in micro_batches:
            value, f_vjp = jax.vjp(loss_fn, weight_refs, batch)
            skip = jax.tree.map(lambda _: jax.ad.DontWant(), batch)
            f_vjp.with_refs(self.buffers, skip)(jnp.ones_like(value))
            total += value
        return total / self.n_micro

    def mean_grads(self):
        return {name: buf[...] / self.n_micro for name, buf in self.buffers.items()}
