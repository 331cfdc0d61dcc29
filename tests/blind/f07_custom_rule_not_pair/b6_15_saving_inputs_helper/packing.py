"""Relax overlapping discs in a box until no two discs overlap."""

import jax
import jax.numpy as jnp

from geometry import pairwise


def overlap_energy(points, radius):
    overlap = jnp.maximum(2 * radius - pairwise(points), 0.0)
    return 0.5 * jnp.sum(overlap**2)


def relax(points, radius, steps=300, lr=0.5):
    force = jax.jit(jax.grad(overlap_energy))
    for _ in range(steps):
        points = jnp.clip(points - lr * force(points, radius), radius, 1.0 - radius)
    return points


def main():
    points = jax.random.uniform(jax.random.PRNGKey(4), (12, 2), minval=0.3, maxval=0.7)
    points = points.at[1].set(points[0] + 1e-3)  # two discs start almost on top of each other
    relaxed = relax(points, radius=0.08)
    energy = float(overlap_energy(relaxed, 0.08))
    print(f"remaining overlap energy {energy:.2e}")
    return energy


if __name__ == "__main__":
    main()
