import config  # noqa: F401  (sets JAX flags)

import jax
import jax.numpy as jnp

from clipping import clip_gradient


HPARAMS = {"max_grad_norm": jnp.array([1.0])}


def loss(w, x, y):
    w = clip_gradient(w, HPARAMS["max_grad_norm"])
    return jnp.mean((x @ w - y) ** 2)


def main():
    x = jnp.arange(12.0).reshape(4, 3)
    y = jnp.array([1.0, 2.0, 3.0, 4.0])
    w = jnp.zeros(3)
    for _ in range(5):
        w = w - 0.01 * jax.grad(loss)(w, x, y)
    print(w)
    return w


if __name__ == "__main__":
    main()
