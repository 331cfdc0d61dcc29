"""A bigram language model with a low-rank output layer, and its loss."""

import jax
import jax.numpy as jnp

import hk_lite

VOCAB = 27
RANK = 8


def _bigram_logits(tokens):
    embed = hk_lite.get_parameter("embed", (VOCAB, RANK), jax.nn.initializers.normal(0.1))
    proj = hk_lite.get_parameter("proj", (RANK, VOCAB))
    bias = hk_lite.get_parameter("bias", (VOCAB,), jax.nn.initializers.zeros)
    return embed[tokens] @ proj + bias


bigram = hk_lite.transform(_bigram_logits)


def sequence_nll(params, tokens):
    logits = bigram.apply(params, tokens[:, :-1])
    logp = jax.nn.log_softmax(logits, axis=-1)
    token_logp = jnp.take_along_axis(logp, tokens[:, 1:, None], axis=-1)[..., 0]
    return -token_logp.mean()
