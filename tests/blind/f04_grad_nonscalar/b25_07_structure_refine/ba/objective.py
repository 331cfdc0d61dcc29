"""Structure-only bundle adjustment objective (cameras held fixed)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

import jax
import jax.numpy as jnp

from ba.camera import Camera, project
from ba.robust import robust_loss


@dataclass
class ReprojectionObjective:
    cameras: Sequence[Camera]
    observations: jax.Array          # (n_cams, n_points, 2) pixels
    kernel: str = "cauchy"
    scale: float = 2.0               # pixels
    _rho: object = field(init=False, repr=False)

    def __post_init__(self):
        self._rho = robust_loss(self.kernel)

    def residual_norms(self, points):
        predicted = jnp.stack([project(cam, points) for cam in self.cameras])
        return jnp.linalg.norm(predicted - self.observations, axis=-1)  # (n_cams, n_points)

    def __call__(self, points):
        errors = self.residual_norms(points)
        return jnp.mean(self._rho(errors, self.scale), axis=0)
