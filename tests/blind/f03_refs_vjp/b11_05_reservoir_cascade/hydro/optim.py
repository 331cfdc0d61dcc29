"""Plain gradient descent on a store of Refs, accumulating gradients into Refs."""

import jax
import jax.numpy as jnp

from hydro.config import shape_of
from hydro.model import misfit


class RefSGD:
    def __init__(self, store, cfg):
        self.store = store
        self.lr = cfg.lr
        self.grads = {name: jax.new_ref(jnp.zeros(shape_of(cfg, name))) for name in store}

    def step(self, rain, observed):
        for g in self.grads.values():
            g[...] = jnp.zeros_like(g[...])
        loss, f_vjp = jax.vjp(misfit, self.store, rain, observed)
        skip = jax.ad.DontWant()
        f_vjp.with_refs(self.grads, skip, skip)(jnp.ones_like(loss))
        for name, ref in self.store.items():
            ref[...] = ref[...] - self.lr * self.grads[name][...]
        return loss
