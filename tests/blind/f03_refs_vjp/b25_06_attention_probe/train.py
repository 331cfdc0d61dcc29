"""Train a tiny sequence classifier and keep its last attention map for plotting."""

import jax
import jax.numpy as jnp

from seqcls import AttentionRecorder, Classifier

BATCH, SEQ, D = 8, 6, 4


def data(key):
    kx, ky = jax.random.split(key)
    x = jax.random.normal(kx, (BATCH, SEQ, D))
    labels = (x[:, 0, 0] > 0).astype(jnp.int32)
    return x, labels


def train(steps=3, lr=0.1):
    model = Classifier(D, 2)
    params = model.init(jax.random.key(0))
    x, labels = data(jax.random.key(1))
    with AttentionRecorder((BATCH, SEQ, SEQ)) as rec:
        for _ in range(steps):
            loss, grads = jax.value_and_grad(lambda p: model.loss(p, x, labels, rec))(params)
            params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
        attention = rec.latest
    return loss, attention


def main():
    loss, attention = train()
    print(f"loss {float(loss):.4f}; attention row sums {attention.sum(-1)[0]}")


if __name__ == "__main__":
    main()
