"""Align two point clouds by moving one along the gradient of their transport cost."""

import jax
import jax.numpy as jnp

from ot import sinkhorn


def sq_dists(x, y):
    return jnp.sum((x[:, None, :] - y[None, :, :]) ** 2, axis=-1)


def transport_cost(source, target):
    a = jnp.full(source.shape[0], 1.0 / source.shape[0])
    b = jnp.full(target.shape[0], 1.0 / target.shape[0])
    cost, _ = sinkhorn(sq_dists(source, target), a, b)
    return cost


def main():
    ks, kt = jax.random.split(jax.random.PRNGKey(0))
    source = jax.random.normal(ks, (30, 2))
    target = jax.random.normal(kt, (40, 2)) * 0.5 + jnp.array([2.0, 1.0])
    flow = jax.jit(jax.value_and_grad(transport_cost))
    for _ in range(20):
        cost, g = flow(source, target)
        source = source - 10.0 * g
    print(f"transport cost {float(cost):.4f}")
    return float(cost)


if __name__ == "__main__":
    main()
