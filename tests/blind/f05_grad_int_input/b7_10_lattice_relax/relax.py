"""Steepest-descent relaxation of a Lennard-Jones cluster."""

import jax
import jax.numpy as jnp

from lattice import SETTINGS, build_positions


def lj_energy(positions, epsilon, sigma):
    n = positions.shape[0]
    diff = positions[:, None, :] - positions[None, :, :]
    r2 = jnp.sum(diff**2, axis=-1) + jnp.eye(n)
    s6 = (sigma**2 / r2) ** 3
    pair = 4.0 * epsilon * (s6**2 - s6)
    return 0.5 * jnp.sum(jnp.where(jnp.eye(n, dtype=bool), 0.0, pair))


def relax(settings=SETTINGS):
    x = build_positions(settings)
    force = jax.grad(lj_energy)
    for _ in range(settings["steps"]):
        x = x - settings["step_size"] * force(x, settings["epsilon"], settings["sigma"])
    e = lj_energy(x, settings["epsilon"], settings["sigma"])
    print("relaxed energy", float(e))
    return float(e)


def main():
    return relax()


if __name__ == "__main__":
    main()
