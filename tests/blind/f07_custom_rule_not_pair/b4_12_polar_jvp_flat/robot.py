"""Steer a planar arm tip toward a target radius and bearing."""

import jax
import jax.numpy as jnp

from coords import to_polar


def tip(angles, lengths=(1.0, 0.7)):
    a1, a2 = angles
    x = lengths[0] * jnp.cos(a1) + lengths[1] * jnp.cos(a1 + a2)
    y = lengths[0] * jnp.sin(a1) + lengths[1] * jnp.sin(a1 + a2)
    return x, y


def tracking_error(angles, target_r, target_theta):
    r, theta = to_polar(*tip(angles))
    return (r - target_r) ** 2 + (1.0 - jnp.cos(theta - target_theta))


def solve_ik(target_r, target_theta, steps=50, lr=0.2):
    angles = jnp.array([0.3, 0.3])
    for _ in range(steps):
        angles = angles - lr * jax.grad(tracking_error)(angles, target_r, target_theta)
    return angles


def main():
    angles = solve_ik(1.2, 0.8)
    print("angles", angles, "error", float(tracking_error(angles, 1.2, 0.8)))


if __name__ == "__main__":
    main()
