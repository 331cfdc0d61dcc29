"""Fit the bigram model to a pangram corpus."""

import jax
import jax.numpy as jnp

from charlm.model import init, next_char_loss
from charlm.training import make_update

TEXT = "the quick brown fox jumps over the lazy dog. " * 20


def encode(text):
    vocab = sorted(set(text))
    lookup = {c: i for i, c in enumerate(vocab)}
    return jnp.array([lookup[c] for c in text]), len(vocab)


def train(epochs=40, lr=1.0):
    ids, vocab = encode(TEXT)
    params = init(jax.random.key(0), vocab)
    update = make_update(next_char_loss, lr)
    for _ in range(epochs):
        params, out = update(params, ids[:-1], ids[1:])
    return params, out


def main():
    _, out = train()
    print("training output", out)


if __name__ == "__main__":
    main()
