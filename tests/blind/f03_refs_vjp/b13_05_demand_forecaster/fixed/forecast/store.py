"""Parameters kept in Refs so the online learner can update them in place."""

import jax
import jax.numpy as jnp


class ParamStore:
    def __init__(self, weights, bias):
        self.refs = (jax.new_ref(weights), jax.new_ref(bias))
        self.grads = self.zero_grads()

    def zero_grads(self):
        return tuple(jax.new_ref(jnp.zeros_like(ref[...])) for ref in self.refs)

    def reset_grads(self):
        for g in self.grads:
            g[...] = jnp.zeros_like(g[...])

    def apply(self, lr):
        for ref, g in zip(self.refs, self.grads):
            ref[...] = ref[...] - lr * g[...]
