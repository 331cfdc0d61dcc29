"""Simulation grid passed through jit as a pytree."""
from dataclasses import dataclass
from functools import partial

import jax


@partial(jax.tree_util.register_dataclass, data_fields=["length", "n_cells"], meta_fields=[])
@dataclass
class Grid:
    length: float
    n_cells: int

    @property
    def dx(self):
        return self.length / self.n_cells
