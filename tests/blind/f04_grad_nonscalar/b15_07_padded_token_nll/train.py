"""Train a bigram model on padded batches of synthetic token sequences."""
import jax
import jax.numpy as jnp

from seqlm.losses import token_nll
from seqlm.model import BigramLM
from seqlm.ops import padding_mask

VOCAB, MAX_LEN = 20, 12
model = BigramLM(VOCAB, 32)


def make_batch(key, batch=16):
    k1, k2 = jax.random.split(key)
    tokens = jax.random.randint(k1, (batch, MAX_LEN + 1), 0, VOCAB)
    lengths = jax.random.randint(k2, (batch,), 4, MAX_LEN + 1)
    return tokens[:, :-1], tokens[:, 1:], padding_mask(lengths, MAX_LEN)


def loss_fn(params, inputs, targets, mask):
    return token_nll(model.apply(params, inputs), targets, mask)


@jax.jit
def train_step(params, inputs, targets, mask):
    loss, grads = jax.value_and_grad(loss_fn)(params, inputs, targets, mask)
    return jax.tree.map(lambda p, g: p - 0.5 * g, params, grads), loss


def train(steps=40):
    params = model.init(jax.random.key(0))
    loss = None
    for k in jax.random.split(jax.random.key(1), steps):
        params, loss = train_step(params, *make_batch(k))
    return loss


def main():
    print("nll", float(train()))


if __name__ == "__main__":
    main()
