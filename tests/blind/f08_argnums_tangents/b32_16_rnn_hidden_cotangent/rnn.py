"""An Elman RNN that, like torch.nn.RNN, returns (outputs, final hidden state)."""
import jax
import jax.numpy as jnp
from jax import lax


def init_rnn(key, n_in, n_hidden):
    k1, k2 = jax.random.split(key)
    return {"W_ih": jax.random.normal(k1, (n_in, n_hidden)) * 0.3,
            "W_hh": jax.random.normal(k2, (n_hidden, n_hidden)) * 0.3,
            "b": jnp.zeros(n_hidden)}


def rnn(params, xs, h0):
    def cell(h, x):
        h = jnp.tanh(x @ params["W_ih"] + h @ params["W_hh"] + params["b"])
        return h, h
    h_n, outputs = lax.scan(cell, h0, xs)
    return outputs, h_n
