"""Fit the bigram model to a synthetic corpus with Adagrad."""

import jax
import jax.numpy as jnp

from lm import VOCAB, bigram, sequence_nll


def synthetic_corpus(key, n_seq=24, length=16):
    # each token tends to be followed by (token * 3) % VOCAB
    start = jax.random.randint(key, (n_seq, 1), 0, VOCAB)
    steps = jnp.arange(length)
    return (start * 3**steps) % VOCAB


def main():
    tokens = synthetic_corpus(jax.random.PRNGKey(0))
    params = bigram.init(jax.random.PRNGKey(1), tokens[:, :-1])
    accum = jax.tree.map(jnp.zeros_like, params)
    grad_fn = jax.jit(jax.value_and_grad(sequence_nll))
    for _ in range(40):
        loss, grads = grad_fn(params, tokens)
        accum = jax.tree.map(lambda a, g: a + g * g, accum, grads)
        params = jax.tree.map(lambda p, g, a: p - 0.5 * g / (jnp.sqrt(a) + 1e-8), params, grads, accum)
    print(f"nll per token {float(loss):.3f}")
    return float(loss)


if __name__ == "__main__":
    main()
