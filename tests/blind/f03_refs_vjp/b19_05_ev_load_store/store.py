"""Parameter storage backed by mutable Refs, so callbacks can edit weights in place."""

import jax
import jax.numpy as jnp


class ParamStore:
    def __init__(self, init_values):
        self.refs = {name: jax.new_ref(jnp.asarray(v, jnp.float32)) for name, v in init_values.items()}

    def values(self):
        """The current parameters, keyed by name."""
        return {name: ref[...] for name, ref in self.refs.items()}

    def apply_update(self, updates):
        for name, ref in self.refs.items():
            ref[...] = ref[...] + updates[name]
