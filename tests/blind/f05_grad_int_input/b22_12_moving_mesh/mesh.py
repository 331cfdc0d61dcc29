"""A 1-D mesh whose nodes are stored in units of the uniform cell width."""

from typing import NamedTuple

import jax
import jax.numpy as jnp


class MeshConfig(NamedTuple):
    n_cells: int = 24
    length: float = 2.0
    origin: float = -1.0


@jax.tree_util.register_pytree_node_class
class Mesh1D:
    def __init__(self, nodes, cfg):
        self.nodes = nodes
        self.cfg = cfg

    @classmethod
    def uniform(cls, cfg):
        return cls(jnp.arange(cfg.n_cells + 1), cfg)

    @property
    def h(self):
        return self.cfg.length / self.cfg.n_cells

    def coordinates(self):
        return self.cfg.origin + self.h * self.nodes

    def tree_flatten(self):
        return (self.nodes,), self.cfg

    @classmethod
    def tree_unflatten(cls, cfg, children):
        return cls(children[0], cfg)
