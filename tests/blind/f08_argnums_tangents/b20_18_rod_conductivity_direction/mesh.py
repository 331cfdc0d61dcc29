"""Uniform 1-D finite-volume mesh on [0, L]."""
from dataclasses import dataclass

import jax.numpy as jnp


@dataclass(frozen=True)
class Mesh:
    length: float = 1.0
    n_cells: int = 50

    @property
    def n_nodes(self):
        return self.n_cells + 1

    @property
    def dx(self):
        return self.length / self.n_cells

    @property
    def nodes(self):
        return jnp.linspace(0.0, self.length, self.n_nodes)

    @property
    def centers(self):
        return (jnp.arange(self.n_cells) + 0.5) * self.dx


def smooth_bump(mesh, center=0.5, width=0.15):
    """A smooth, localized perturbation profile on the mesh."""
    return jnp.exp(-0.5 * ((mesh.nodes - center) / width) ** 2)
