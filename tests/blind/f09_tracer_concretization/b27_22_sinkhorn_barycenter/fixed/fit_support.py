"""Move the support points of a discrete measure towards a target histogram."""
from functools import partial

import jax
import jax.numpy as jnp

from sinkhorn import SinkhornSettings, sinkhorn_cost

SETTINGS = SinkhornSettings(epsilon=0.05, n_iters=60)


def transport_loss(points, target_points, target_weights, settings):
    C = (points[:, None] - target_points[None, :]) ** 2
    a = jnp.full(points.shape[0], 1.0 / points.shape[0])
    return sinkhorn_cost(C, a, target_weights, settings)


@partial(jax.jit, static_argnames="settings")
def step(points, target_points, target_weights, settings):
    value, g = jax.value_and_grad(transport_loss)(points, target_points, target_weights, settings)
    return points - 0.25 * g * points.shape[0], value


def main():
    target_points = jnp.linspace(-3.0, 3.0, 40)
    target_weights = jax.nn.softmax(-((target_points - 1.0) ** 2) / 0.5)
    points = jnp.linspace(-1.0, 0.0, 10)
    for _ in range(100):
        points, value = step(points, target_points, target_weights, SETTINGS)
    print("transport cost", float(value), "points", points)


if __name__ == "__main__":
    main()
