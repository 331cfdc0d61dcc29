"""Logistic regression on two Gaussian blobs."""

import jax
import jax.numpy as jnp

from functional import make_objective


def linear(params, x):
    return x @ params["w"] + params["b"]


def blobs(key, n=100):
    k1, k2 = jax.random.split(key)
    pos = jax.random.normal(k1, (n, 2)) + 1.5
    neg = jax.random.normal(k2, (n, 2)) - 1.5
    return jnp.concatenate([pos, neg]), jnp.concatenate([jnp.ones(n), jnp.zeros(n)])


def fit(steps=20, lr=0.5):
    x, y = blobs(jax.random.key(0))
    params = {"w": jnp.zeros(2), "b": jnp.array(0.0)}
    objective = make_objective(linear, weight_decay=1e-3)
    update = jax.jit(jax.value_and_grad(objective))
    for _ in range(steps):
        loss, grads = update(params, x, y)
        params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    accuracy = jnp.mean((linear(params, x) > 0) == (y > 0.5))
    print("loss", float(loss), "accuracy", float(accuracy))
    return float(accuracy)


def main():
    return fit()


if __name__ == "__main__":
    main()
