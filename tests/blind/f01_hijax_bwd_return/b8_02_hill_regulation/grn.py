"""Fit the thresholds of a two-gene toggle switch to an observed trajectory."""
from __future__ import annotations

import jax
import jax.numpy as jnp

from hill import hill

DT = 0.05


def simulate(k, x0, steps=40):
    """Explicit Euler for dx_i/dt = 1 - hill(x_j, k_i) - x_i (mutual repression)."""
    x = x0
    traj = []
    for _ in range(steps):
        repressor = jnp.stack([x[:, 1], x[:, 0]], axis=1)
        x = x + DT * (1.0 - hill(repressor, k) - x)
        traj.append(x)
    return jnp.stack(traj)


def loss(k, x0, observed):
    return jnp.mean((simulate(k, x0) - observed) ** 2)


def fit(iters=3, lr=0.5):
    x0 = jnp.array([[0.2, 0.9], [0.8, 0.1], [0.5, 0.5]])
    observed = simulate(jnp.array([0.6, 0.4]), x0)
    k = jnp.array([0.5, 0.5])
    for _ in range(iters):
        k = k - lr * jax.grad(loss)(k, x0, observed)
    return k


def main():
    print("thresholds", fit())


if __name__ == "__main__":
    main()
