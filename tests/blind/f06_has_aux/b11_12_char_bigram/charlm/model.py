"""Embedding -> tanh -> vocabulary logits, and the next-character loss with perplexity."""

import jax
import jax.numpy as jnp


def init(key, vocab, dim=16):
    k1, k2 = jax.random.split(key)
    return {
        "embed": 0.1 * jax.random.normal(k1, (vocab, dim)),
        "out": 0.1 * jax.random.normal(k2, (dim, vocab)),
        "bias": jnp.zeros(vocab),
    }


def next_char_loss(params, prev_ids, next_ids):
    h = jnp.tanh(params["embed"][prev_ids])
    logp = jax.nn.log_softmax(h @ params["out"] + params["bias"])
    nll = -jnp.mean(jnp.take_along_axis(logp, next_ids[:, None], axis=1))
    return nll, {"perplexity": jnp.exp(nll)}
