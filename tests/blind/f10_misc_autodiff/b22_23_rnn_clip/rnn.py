"""A character-level GRU whose hidden-state gradients are clipped per step."""

import jax
import jax.numpy as jnp

from ops import clip_gradient


def init(key, vocab=27, hidden=48):
    ks = jax.random.split(key, 4)
    s = 1.0 / jnp.sqrt(hidden)
    return {
        "embed": jax.random.normal(ks[0], (vocab, hidden)) * 0.1,
        "w_zr": jax.random.normal(ks[1], (2 * hidden, 2 * hidden)) * s,
        "w_h": jax.random.normal(ks[2], (2 * hidden, hidden)) * s,
        "out": jax.random.normal(ks[3], (hidden, vocab)) * s,
    }


def gru_cell(params, h, x):
    hx = jnp.concatenate([h, x], axis=-1)
    z, r = jnp.split(jax.nn.sigmoid(hx @ params["w_zr"]), 2, axis=-1)
    h_tilde = jnp.tanh(jnp.concatenate([r * h, x], axis=-1) @ params["w_h"])
    return (1 - z) * h + z * h_tilde


def sequence_loss(params, tokens, max_norm):
    inputs, targets = tokens[:, :-1], tokens[:, 1:]
    xs = params["embed"][inputs].swapaxes(0, 1)

    def step(h, x):
        h = gru_cell(params, clip_gradient(h, max_norm), x)
        return h, h @ params["out"]

    h0 = jnp.zeros((tokens.shape[0], params["w_h"].shape[1]))
    _, logits = jax.lax.scan(step, h0, xs)
    logp = jax.nn.log_softmax(logits.swapaxes(0, 1))
    return -jnp.mean(jnp.take_along_axis(logp, targets[..., None], axis=-1))
