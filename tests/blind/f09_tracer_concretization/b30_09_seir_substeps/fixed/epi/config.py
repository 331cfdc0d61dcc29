"""Solver settings, passed through jitted functions as a pytree."""
import dataclasses
from functools import partial

import jax


@partial(
    jax.tree_util.register_dataclass,
    data_fields=["dt"],
    meta_fields=["n_substeps", "n_days"],
)
@dataclasses.dataclass(frozen=True)
class SolverConfig:
    dt: float = 1.0
    n_substeps: int = 4
    n_days: int = 120

    @property
    def h(self):
        return self.dt / self.n_substeps
