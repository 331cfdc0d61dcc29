"""Explicit finite differences for the 1-D heat equation with selectable boundaries."""

import jax
import jax.numpy as jnp

from config import DIRICHLET, HeatConfig


def _periodic(u):
    return jnp.concatenate([u[-1:], u, u[:1]])


def _dirichlet(u):
    return jnp.concatenate([jnp.zeros(1), u, jnp.zeros(1)])


def _neumann(u):
    return jnp.concatenate([u[:1], u, u[-1:]])


PADDERS = [_periodic, _dirichlet, _neumann]


@jax.jit
def step(u, cfg):
    padded = PADDERS[cfg.boundary](u)
    lap = (padded[2:] - 2.0 * u + padded[:-2]) / cfg.dx**2
    return u + cfg.dt * cfg.diffusivity * lap


def run(n=50, n_steps=100, boundary=DIRICHLET):
    cfg = HeatConfig(diffusivity=1.0, dx=1.0 / n, dt=0.2 / n**2, boundary=boundary)
    x = jnp.linspace(0.0, 1.0, n)
    u = jnp.exp(-100.0 * (x - 0.5) ** 2)
    for _ in range(n_steps):
        u = step(u, cfg)
    print("heat left", float(u.sum() * cfg.dx))
    return u


def main():
    return run()


if __name__ == "__main__":
    main()
