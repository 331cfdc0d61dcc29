"""Train the GRU on a toy corpus with a warm-up schedule for the clipping threshold."""

import jax
import jax.numpy as jnp

from rnn import init, sequence_loss

CORPUS = "the quick brown fox jumps over the lazy dog " * 8


def encode(text, length=24):
    ids = jnp.array([0 if c == " " else ord(c) - 96 for c in text])
    n = (ids.shape[0] - 1) // length
    return ids[: n * length].reshape(n, length)


def clip_schedule(step, start=0.1, end=1.0, warmup=100):
    return start + (end - start) * jnp.minimum(step / warmup, 1.0)


@jax.jit
def train_step(params, tokens, step, lr=0.5):
    max_norm = clip_schedule(step)
    value, grads = jax.value_and_grad(sequence_loss)(params, tokens, max_norm)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), value


def main(steps=40):
    tokens = encode(CORPUS)
    params = init(jax.random.key(0))
    for step in range(steps):
        params, value = train_step(params, tokens, step)
    print("loss", value)
    return value


if __name__ == "__main__":
    main()
