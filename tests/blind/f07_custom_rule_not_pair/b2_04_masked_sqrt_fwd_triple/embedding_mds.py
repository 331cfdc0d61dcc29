"""Multidimensional scaling by stress minimisation."""

import jax
import jax.numpy as jnp

from safe_ops import safe_sqrt


def pairwise_distances(points):
    diff = points[:, None, :] - points[None, :, :]
    return safe_sqrt(jnp.sum(diff**2, axis=-1))


def stress(points, target):
    return jnp.sum((pairwise_distances(points) - target) ** 2)


def main(iters=30, lr=0.01):
    truth = jax.random.normal(jax.random.key(6), (6, 2))
    target = jnp.sqrt(jnp.sum((truth[:, None] - truth[None]) ** 2, axis=-1))
    points = jax.random.normal(jax.random.key(7), (6, 2))
    start = float(stress(points, target))
    for _ in range(iters):
        points = points - lr * jax.grad(stress)(points, target)
    end = float(stress(points, target))
    print("stress", start, "->", end)
    return start, end


if __name__ == "__main__":
    main()
