"""Orientation frames of a discretised curve, and how they vary with the control points."""

import jax
import jax.numpy as jnp

from geometry import normalize


def tangent_frames(points):
    return normalize(points[1:] - points[:-1])


def frame_sensitivity(points):
    return jax.jacfwd(tangent_frames)(points)


def main():
    s = jnp.linspace(0.0, 1.0, 4)
    points = jnp.stack([jnp.cos(s), jnp.sin(s), s], axis=-1)
    jac = frame_sensitivity(points)
    print("jacobian shape", jac.shape)
    return jac


if __name__ == "__main__":
    main()
