"""Trains the character RNN with gradient clipping and SGD."""
import jax
import jax.numpy as jnp

from data import TEXT, encode, windows
from rnn import init, sequence_loss


def clip_by_global_norm(grads, max_norm=1.0):
    norm = jnp.sqrt(sum(jnp.sum(g * g) for g in jax.tree.leaves(grads)))
    return jax.tree.map(lambda g: g * jnp.minimum(1.0, max_norm / (norm + 1e-6)), grads)


@jax.jit
def train_step(params, x, y, lr=0.5):
    loss, grads = jax.value_and_grad(sequence_loss)(params, x, y)
    grads = clip_by_global_norm(grads)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), loss


def run(steps=30):
    ids, vocab = encode(TEXT)
    params = init(jax.random.key(0), vocab, 32)
    loss = None
    for i in range(steps):
        x, y = windows(ids, seq_len=16, batch=8, seed=i)
        params, loss = train_step(params, x, y)
    return float(loss)


def main():
    print("char loss", run())


if __name__ == "__main__":
    main()
