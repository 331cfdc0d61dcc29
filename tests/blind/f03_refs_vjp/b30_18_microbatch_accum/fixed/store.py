"""Parameters and gradient buffers held in mutable JAX Refs."""
import jax
import jax.numpy as jnp


class ParamStore:
    """A dict of parameter Refs updated in place by the optimizer."""

    def __init__(self, params):
        self.refs = {k: jax.new_ref(v) for k, v in params.items()}

    def values(self):
        return {k: r[...] for k, r in self.refs.items()}

    def sgd_(self, grads, lr):
        for k, r in self.refs.items():
            r[...] = r[...] - lr * grads[k][...]


def grad_buffers(store: ParamStore):
    """Zeroed accumulators, one per parameter, for gradient accumulation."""
    return {k: jax.new_ref(jnp.zeros_like(r[...])) for k, r in store.refs.items()}


def reset_(buffers):
    for b in buffers.values():
        b[...] = jnp.zeros_like(b[...])
