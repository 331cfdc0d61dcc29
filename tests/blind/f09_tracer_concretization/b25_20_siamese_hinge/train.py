"""Train the signature encoder on genuine/forged pairs."""

import functools

import jax
import jax.numpy as jnp

from siamese import Encoder, batch_contrastive

ENCODER = Encoder(n_in=20)


@functools.partial(jax.jit, static_argnames="lr")
def train_step(params, x1, x2, same, lr=0.1):
    loss, grads = jax.value_and_grad(lambda p: batch_contrastive(ENCODER, p, x1, x2, same))(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), loss


def pairs(key, n=32):
    k1, k2, k3 = jax.random.split(key, 3)
    x1 = jax.random.normal(k1, (n, 20))
    same = jax.random.bernoulli(k3, 0.5, (n,)).astype(jnp.float32)
    noise = jax.random.normal(k2, (n, 20))
    x2 = jnp.where(same[:, None] > 0, x1 + 0.1 * noise, noise)
    return x1, x2, same


def train(steps=5):
    params = ENCODER.init(jax.random.key(0))
    for i in range(steps):
        params, loss = train_step(params, *pairs(jax.random.key(i + 1)))
    return loss


def main():
    print("contrastive loss", float(train()))


if __name__ == "__main__":
    main()
