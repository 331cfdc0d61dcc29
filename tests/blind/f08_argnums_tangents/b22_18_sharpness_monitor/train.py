"""Logistic regression on synthetic credit data, logging sharpness every few steps."""

import jax
import jax.numpy as jnp

from sharpness import top_eigenvalue


def loss(params, x, y):
    logits = x @ params["w"] + params["b"]
    return jnp.mean(jax.nn.softplus(logits) - y * logits) + 1e-3 * jnp.sum(params["w"] ** 2)


@jax.jit
def sgd(params, x, y, lr=0.5):
    g = jax.grad(loss)(params, x, y)
    return jax.tree.map(lambda p, d: p - lr * d, params, g)


def main(steps=30, every=10):
    kx, kw = jax.random.split(jax.random.key(0))
    x = jax.random.normal(kx, (200, 6))
    y = (x @ jax.random.normal(kw, (6,)) > 0).astype(jnp.float32)
    params = {"w": jnp.zeros(6), "b": jnp.array(0.0)}
    history = []
    for step in range(steps):
        params = sgd(params, x, y)
        if step % every == 0:
            history.append(top_eigenvalue(loss, params, jax.random.key(step), x, y))
    print("sharpness", history)
    return history


if __name__ == "__main__":
    main()
