"""Inverse kinematics by gradient descent on the distance to a target."""

import jax
import jax.numpy as jnp

from kinematics import end_effector


def solve_ik(target, iters=100, lr=0.1):
    angles = jnp.array([0.3, 0.3])
    for _ in range(iters):
        step = jax.grad(lambda a: (end_effector(a) - target) ** 2)(angles)
        angles = angles - lr * step
    return angles


def main():
    target = jnp.array([1.0, 0.9])
    angles = solve_ik(target)
    miss = float(jnp.linalg.norm(end_effector(angles) - target))
    print("miss", miss)
    return miss


if __name__ == "__main__":
    main()
