"""Recover the link lengths of an arm from measured tip positions."""

import jax
import jax.numpy as jnp

from kinematics import reach_error, tip_position

TRUE_LENGTHS = jnp.array([1.0, 0.7, 0.4])


def measurements(n: int = 32):
    angles = jax.random.uniform(jax.random.key(4), (n, 3), minval=-1.5, maxval=1.5)
    targets = jax.vmap(tip_position, in_axes=(None, 0))(TRUE_LENGTHS, angles)
    return angles, targets


def calibrate(n_steps: int = 60, lr: float = 0.05):
    angles, targets = measurements()
    lengths = jnp.ones(3)
    for _ in range(n_steps):
        slope = jax.grad(lambda l: jnp.mean(jax.vmap(reach_error, (None, 0, 0))(l, angles, targets)))(lengths)
        lengths = lengths - lr * slope
    return lengths


def main():
    lengths = calibrate()
    print("estimated link lengths:", lengths)


if __name__ == "__main__":
    main()
