"""Solver configuration, passed through jit as a pytree."""

from dataclasses import dataclass

import jax

PERIODIC, DIRICHLET, NEUMANN = 0, 1, 2


@dataclass
class HeatConfig:
    diffusivity: float
    dx: float
    dt: float
    boundary: int = DIRICHLET


jax.tree_util.register_dataclass(
    HeatConfig,
    data_fields=["diffusivity", "dx", "dt", "boundary"],
    meta_fields=[],
)
