"""Robust line fit to sensor data with outliers."""
from functools import partial

import jax
import jax.numpy as jnp

from ops import pseudo_huber


def objective(theta, t, y, delta):
    resid = theta[0] + theta[1] * t - y
    return jnp.mean(pseudo_huber(resid, delta))


@partial(jax.jit, static_argnames="delta")
def step(theta, t, y, delta=0.5, lr=0.5):
    return theta - lr * jax.grad(objective)(theta, t, y, delta)


def main(iters=200):
    t = jnp.linspace(0.0, 1.0, 50)
    y = 1.0 + 2.0 * t
    y = y.at[::10].add(5.0)
    theta = jnp.zeros(2)
    for _ in range(iters):
        theta = step(theta, t, y)
    print("intercept, slope", theta)
    return theta


if __name__ == "__main__":
    main()
