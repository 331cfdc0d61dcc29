"""Inverse kinematics by gradient descent on the squared reach error."""

from typing import NamedTuple

import jax
import jax.numpy as jnp

from arm import end_effector


class ArmSpec(NamedTuple):
    upper: float = 0.35
    fore: float = 0.30


def reach_error(joints, target, spec):
    x, y = end_effector(joints[0], joints[1], spec.upper, spec.fore)
    return (x - target[0]) ** 2 + (y - target[1]) ** 2


def solve_ik(target, spec=ArmSpec(), steps=200, lr=2.0):
    joints = jnp.array([0.3, 0.6])
    grad = jax.jit(jax.grad(reach_error), static_argnums=2)
    for _ in range(steps):
        joints = joints - lr * grad(joints, target, spec)
    return joints, float(reach_error(joints, target, spec))


def main():
    joints, err = solve_ik(jnp.array([0.4, 0.3]))
    print("joints:", joints.tolist(), "error:", err)
    return err


if __name__ == "__main__":
    main()
