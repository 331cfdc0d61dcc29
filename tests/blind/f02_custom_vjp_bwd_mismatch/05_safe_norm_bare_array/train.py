"""Relax a triangle of springs by gradient descent."""

import jax
import jax.numpy as jnp

from springs import spring_energy


def relax(positions, edges, steps=20, lr=0.01):
    force = jax.grad(spring_energy)
    for _ in range(steps):
        positions = positions - lr * force(positions, edges)
    return positions


def main():
    pos = jnp.array([[0.0, 0.0], [2.0, 0.0], [0.0, 0.5]])
    edges = jnp.array([[0, 1], [1, 2], [2, 0]])
    relaxed = relax(pos, edges)
    e = float(spring_energy(relaxed, edges))
    print("energy", e)
    return e, float(spring_energy(pos, edges))


if __name__ == "__main__":
    main()
