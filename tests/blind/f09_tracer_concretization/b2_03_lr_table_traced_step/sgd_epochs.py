from functools import partial

import jax
import jax.numpy as jnp

from schedule import learning_rate


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


@partial(jax.jit, donate_argnums=(0,))
def epoch_update(w, x, y, epoch):
    g = jax.grad(loss)(w, x, y)
    return w - learning_rate(epoch) * g


def main(epochs=6):
    x = jax.random.normal(jax.random.key(29), (40, 3))
    y = x @ jnp.array([0.5, -1.0, 2.0])
    w = jnp.zeros(3)
    for epoch in range(epochs):
        w = epoch_update(w, x, y, epoch)
    print("w", w)
    return w


if __name__ == "__main__":
    main()
