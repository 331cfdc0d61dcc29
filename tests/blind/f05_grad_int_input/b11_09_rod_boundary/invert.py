"""Gradient-descent inversion of the boundary temperatures."""

import jax
import jax.numpy as jnp

from rod.settings import SETTINGS
from rod.solver import misfit, simulate


def invert(readings, s=SETTINGS):
    boundary = jnp.asarray(s["boundary_guess_c"])
    grad_fn = jax.grad(misfit)
    for _ in range(s["iters"]):
        boundary = boundary - s["lr"] * grad_fn(boundary, readings, s)
    return boundary


def main():
    truth = jnp.array([85.0, 30.0])
    readings = simulate(truth, SETTINGS)
    print("recovered boundary", invert(readings))


if __name__ == "__main__":
    main()
