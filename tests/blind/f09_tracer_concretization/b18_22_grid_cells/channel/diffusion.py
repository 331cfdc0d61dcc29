"""Explicit finite-volume diffusion of a tracer in a 1-D channel."""
import jax
import jax.numpy as jnp
from jax import lax

from channel.grid import Grid


def cell_centres(grid):
    return (jnp.arange(grid.n_cells) + 0.5) * grid.dx


def initial_profile(grid, width):
    x = cell_centres(grid)
    return jnp.exp(-((x - grid.length / 2) ** 2) / width**2)


def simulate(diffusivity, grid, steps=100, dt=1e-3):
    c = initial_profile(grid, 0.1)

    def step(c, _):
        lap = (jnp.roll(c, 1) - 2 * c + jnp.roll(c, -1)) / grid.dx**2
        return c + dt * diffusivity * lap, None

    c, _ = lax.scan(step, c, None, length=steps)
    return c


@jax.jit
def loss(diffusivity, grid, observed):
    return jnp.mean((simulate(diffusivity, grid) - observed) ** 2)


def main():
    grid = Grid(length=1.0, n_cells=50)
    observed = jnp.full((50,), 0.2)
    print(jax.grad(loss)(0.5, grid, observed))


if __name__ == "__main__":
    main()
