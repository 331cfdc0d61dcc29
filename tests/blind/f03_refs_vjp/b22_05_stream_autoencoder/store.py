"""Parameters and gradient buffers held in Refs, updated in place."""

import jax
import jax.numpy as jnp

from treeutil import flatten_dict


class ParamStore:
    def __init__(self, params):
        self.params = jax.tree.map(jax.new_ref, params)
        self.grads = {name: jax.new_ref(jnp.zeros_like(v)) for name, v in flatten_dict(params).items()}

    def values(self):
        return jax.tree.map(lambda r: r[...], self.params)

    def zero_grads(self):
        for ref in jax.tree.leaves(self.grads):
            ref[...] = jnp.zeros_like(ref[...])

    def grad_norms(self):
        return {name: float(jnp.linalg.norm(r[...])) for name, r in flatten_dict(self.grads).items()}

    def apply_sgd(self, lr):
        def update(p, g):
            p[...] = p[...] - lr * g[...]

        jax.tree.map(update, self.params, self.grads)
