"""Design domain of a heat-sink plate: a grid with a bolt hole that stays empty."""
from typing import NamedTuple

import jax.numpy as jnp


class Domain(NamedTuple):
    nx: int
    ny: int
    hole_center: tuple = (0.5, 0.5)
    hole_radius: float = 0.15


def design_mask(domain: Domain):
    x = (jnp.arange(domain.nx) + 0.5) / domain.nx
    y = (jnp.arange(domain.ny) + 0.5) / domain.ny
    xx, yy = jnp.meshgrid(x, y, indexing="ij")
    cx, cy = domain.hole_center
    return (xx - cx) ** 2 + (yy - cy) ** 2 > domain.hole_radius**2


def initial_density(domain: Domain):
    """Start from solid material everywhere the design may place it."""
    return jnp.where(design_mask(domain), 1, 0)
