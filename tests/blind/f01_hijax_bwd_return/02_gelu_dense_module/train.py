"""Train with SGD + momentum."""

import jax
import jax.numpy as jnp

from layers import build


def sgd_momentum(grads, state, lr=0.05, beta=0.9):
    state = jax.tree.map(lambda m, g: beta * m + g, state, grads)
    updates = jax.tree.map(lambda m: -lr * m, state)
    return updates, state


def main(epochs=4):
    net = build()
    params = net.init(jax.random.key(0))
    momentum = jax.tree.map(jnp.zeros_like, params)
    x = jnp.linspace(-1.0, 1.0, 30).reshape(10, 3)
    y = jnp.cos(x).sum(axis=1, keepdims=True)

    def loss_fn(p):
        return jnp.mean((net(p, x) - y) ** 2)

    history = []
    for _ in range(epochs):
        loss, grads = jax.value_and_grad(loss_fn)(params)
        updates, momentum = sgd_momentum(grads, momentum)
        params = jax.tree.map(jnp.add, params, updates)
        history.append(float(loss))
    print(history)
    return history


if __name__ == "__main__":
    main()
