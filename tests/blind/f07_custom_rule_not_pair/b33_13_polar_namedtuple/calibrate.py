"""Estimate a lidar's mounting offset from range readings of known landmarks."""
import jax
import jax.numpy as jnp

from geom import to_polar

LANDMARKS = jnp.array([[2.0, 0.5], [1.0, 3.0], [-2.5, 1.0], [-1.0, -2.0], [3.0, -1.5]])


def measured_ranges(offset):
    return to_polar(LANDMARKS - offset).r


def misfit(offset, ranges):
    return jnp.sum((measured_ranges(offset) - ranges) ** 2)


def calibrate(steps=100, lr=0.05):
    true_offset = jnp.array([0.3, -0.2])
    ranges = measured_ranges(true_offset)
    offset = jnp.zeros(2)
    step = jax.jit(jax.grad(misfit))
    for _ in range(steps):
        offset = offset - lr * step(offset, ranges)
    return offset


def main():
    print("estimated offset", calibrate())


if __name__ == "__main__":
    main()
