"""Fit a bag-of-embeddings intent classifier with bfloat16 compute."""

import jax
import jax.numpy as jnp

from precision import LossScale
from train_state import TrainState, train_step

VOCAB, DIM, CLASSES = 50, 16, 3


def init_params(key):
    k1, k2 = jax.random.split(key)
    return {
        "embed": 0.1 * jax.random.normal(k1, (VOCAB, DIM)),
        "head": 0.1 * jax.random.normal(k2, (DIM, CLASSES)),
    }


def main(steps=5):
    key = jax.random.PRNGKey(0)
    state = TrainState(init_params(key), LossScale.create(), jnp.zeros((), jnp.int32))
    tokens = jax.random.randint(jax.random.fold_in(key, 1), (32, 10), 0, VOCAB)
    labels = tokens[:, 0] % CLASSES
    losses = []
    for _ in range(steps):
        state, loss = train_step(state, tokens, labels)
        losses.append(float(loss))
    print("losses:", [round(v, 4) for v in losses])
    return losses


if __name__ == "__main__":
    main()
