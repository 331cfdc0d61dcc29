"""A bigram language model: embedding followed by an output projection."""
import jax
import jax.numpy as jnp


class BigramLM:
    def __init__(self, vocab, width):
        self.vocab, self.width = vocab, width

    def init(self, key):
        k1, k2 = jax.random.split(key)
        return {
            "embed": 0.1 * jax.random.normal(k1, (self.vocab, self.width)),
            "unembed": 0.1 * jax.random.normal(k2, (self.width, self.vocab)),
        }

    def apply(self, params, tokens):
        return params["embed"][tokens] @ params["unembed"]
