"""Steady conduction through a layered wall by finite differences."""
from dataclasses import dataclass

import jax.numpy as jnp

import units


@dataclass(frozen=True)
class Layer:
    thickness: float
    conductivity: float
    cells: int = 8


WALL = (
    Layer(0.015, units.PLASTER_K, 4),
    Layer(0.12, units.MINERAL_WOOL_K, 12),
    Layer(0.24, units.BRICK_K, 12),
)


def cell_conductances(layers):
    g = []
    for layer in layers:
        dx = layer.thickness / layer.cells
        g += [layer.conductivity / dx] * layer.cells
    return jnp.array(g)


def solve_temperatures(boundary, layers=WALL):
    """Node temperatures between cells; film resistances at both faces."""
    g = jnp.concatenate([jnp.array([units.H_INSIDE]), cell_conductances(layers),
                         jnp.array([units.H_OUTSIDE])])
    n = g.shape[0] - 1
    main = g[:-1] + g[1:]
    A = jnp.diag(main) - jnp.diag(g[1:-1], 1) - jnp.diag(g[1:-1], -1)
    rhs = jnp.zeros(n).at[0].set(g[0] * boundary[0]).at[-1].set(g[-1] * boundary[1])
    return jnp.linalg.solve(A, rhs)


def heat_loss(boundary, layers=WALL):
    """Heat flux through the wall [W/m^2], from the inside film."""
    T = solve_temperatures(boundary, layers)
    return units.H_INSIDE * (boundary[0] - T[0])
