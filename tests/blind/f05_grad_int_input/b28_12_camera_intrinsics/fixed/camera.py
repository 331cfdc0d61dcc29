"""Pinhole camera model with radial distortion (k1, k2)."""
import jax.numpy as jnp

IMAGE_WIDTH = 1280
IMAGE_HEIGHT = 720


def default_intrinsics(focal_guess=900.0):
    return {
        "focal": jnp.array([focal_guess, focal_guess]),
        "center": jnp.array([IMAGE_WIDTH / 2, IMAGE_HEIGHT / 2]),
        "dist": jnp.zeros(2),
    }


def project(intrinsics, points_cam):
    xy = points_cam[:, :2] / points_cam[:, 2:3]
    r2 = jnp.sum(xy ** 2, axis=-1, keepdims=True)
    k1, k2 = intrinsics["dist"]
    xy = xy * (1.0 + k1 * r2 + k2 * r2 ** 2)
    return intrinsics["focal"] * xy + intrinsics["center"]
