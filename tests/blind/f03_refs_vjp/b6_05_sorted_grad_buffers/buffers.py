"""Parameters held in Refs, and gradient buffers that are zeroed between steps."""

import jax
import jax.numpy as jnp


class ParamStore:
    def __init__(self, **arrays):
        self.refs = {name: jax.new_ref(value) for name, value in arrays.items()}

    def __getitem__(self, name):
        return self.refs[name]


class GradBuffers:
    def __init__(self, store):
        self.refs = {name: jax.new_ref(jnp.zeros_like(ref[...])) for name, ref in sorted(store.refs.items())}

    def zero(self):
        for ref in self.refs.values():
            ref[...] = jnp.zeros_like(ref[...])

    def read(self):
        return {name: ref[...] for name, ref in self.refs.items()}
