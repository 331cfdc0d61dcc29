"""Parameters held in mutable Refs, updated in place by the trainer."""
import jax
import jax.numpy as jnp


class ParamStore:
    def __init__(self, key, vocab_size, dim):
        k1, k2 = jax.random.split(key)
        n_rows = vocab_size + 1  # last row: the padding id
        self.vocab_size = vocab_size
        self.dim = dim
        self.refs = {
            "embed": jax.new_ref(jax.random.normal(k1, (n_rows, dim)) * 0.1),
            "proj": jax.new_ref(jax.random.normal(k2, (dim, vocab_size)) * 0.1),
        }

    def zero_grads(self):
        return {
            "embed": jax.new_ref(jnp.zeros_like(self.refs["embed"][...])),
            "proj": jax.new_ref(jnp.zeros((self.dim, self.vocab_size))),
        }

    def apply(self, grads, lr):
        for name, ref in self.refs.items():
            ref[...] = ref[...] - lr * grads[name][...]
