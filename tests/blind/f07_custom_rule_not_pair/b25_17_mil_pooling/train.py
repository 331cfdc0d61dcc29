"""Train a bag classifier: a bag is positive if any of its instances is."""

import jax
import jax.numpy as jnp

from mil import InstanceScorer

N_BAGS, N_INST, N_FEAT = 8, 10, 5


def bags(key):
    k1, k2 = jax.random.split(key)
    x = jax.random.normal(k1, (N_BAGS, N_INST, N_FEAT))
    positive = jax.random.bernoulli(k2, 0.5, (N_BAGS,))
    x = x.at[:, 0, 0].add(jnp.where(positive, 3.0, 0.0))
    return x, positive.astype(jnp.float32)


def train(steps=20, lr=0.2):
    model = InstanceScorer(N_FEAT)
    params = model.init(jax.random.key(0))
    x, y = bags(jax.random.key(1))
    loss_and_grad = jax.jit(jax.value_and_grad(model.loss))
    for _ in range(steps):
        loss, grads = loss_and_grad(params, x, y)
        params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return loss


def main():
    print("bag loss", float(train()))


if __name__ == "__main__":
    main()
