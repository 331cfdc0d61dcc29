"""A parameter store: factor matrices live in Refs and are updated in place."""
import jax
import jax.numpy as jnp

from recsys.config import MFConfig


class FactorStore:
    def __init__(self, cfg: MFConfig, key):
        ku, ki = jax.random.split(key)
        self.cfg = cfg
        self.users = jax.new_ref(0.1 * jax.random.normal(ku, (cfg.n_users, cfg.rank)))
        self.items = jax.new_ref(0.1 * jax.random.normal(ki, (cfg.n_items, cfg.rank)))

    def refs(self):
        return self.users, self.items

    def grad_buffers(self):
        """Zeroed gradient Refs, one per factor matrix, in the order of refs()."""
        cfg = self.cfg
        g_users = jax.new_ref(jnp.zeros((cfg.n_users, cfg.rank)))
        g_items = jax.new_ref(jnp.zeros((cfg.n_items, cfg.rank)))
        return g_users, g_items

    def sgd(self, grads):
        for ref, g in zip(self.refs(), grads):
            ref[...] -= self.cfg.lr * g[...]
