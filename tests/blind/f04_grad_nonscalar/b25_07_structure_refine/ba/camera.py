"""Pinhole cameras."""

from __future__ import annotations

from typing import NamedTuple

import jax
import jax.numpy as jnp


class Camera(NamedTuple):
    rotation: jax.Array     # (3, 3)
    translation: jax.Array  # (3,)
    focal: float = 500.0

    @classmethod
    def looking_at_origin(cls, angle: float, distance: float = 6.0) -> "Camera":
        c, s = jnp.cos(angle), jnp.sin(angle)
        rot = jnp.array([[c, 0.0, -s], [0.0, 1.0, 0.0], [s, 0.0, c]])
        return cls(rot, jnp.array([0.0, 0.0, distance]))


def project(cam: Camera, points):
    """points (n, 3) in world frame -> pixels (n, 2)."""
    p = points @ cam.rotation.T + cam.translation
    return cam.focal * p[:, :2] / p[:, 2:3]
