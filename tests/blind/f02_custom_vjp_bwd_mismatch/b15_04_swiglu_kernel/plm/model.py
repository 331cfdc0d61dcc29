"""A residue-level feed-forward block of a small protein language model."""
import jax
import jax.numpy as jnp

from plm.kernels import swiglu


class FeedForward:
    def __init__(self, d_model, d_hidden):
        self.d_model = d_model
        self.d_hidden = d_hidden

    def init(self, key):
        k1, k2, k3 = jax.random.split(key, 3)
        s = self.d_model**-0.5
        return {
            "w_gate": s * jax.random.normal(k1, (self.d_model, self.d_hidden)),
            "w_up": s * jax.random.normal(k2, (self.d_model, self.d_hidden)),
            "w_out": self.d_hidden**-0.5 * jax.random.normal(k3, (self.d_hidden, self.d_model)),
        }

    def __call__(self, params, h):
        return h + swiglu(h, params["w_gate"], params["w_up"]) @ params["w_out"]


def embed(tokens, table):
    return jnp.take(table, tokens, axis=0)
