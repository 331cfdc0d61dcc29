"""Steepest-descent relaxation of a Lennard-Jones cluster."""

import jax

from lattice import lennard_jones, square_lattice


def relax(positions, steps, step_size=1e-3):
    energy_grad = jax.grad(lennard_jones)
    for _ in range(steps):
        positions = positions - step_size * energy_grad(positions)
    return positions


def main(steps=50):
    start = square_lattice(3)
    final = relax(start, steps)
    e = float(lennard_jones(final))
    print("energy", e)
    return e


if __name__ == "__main__":
    main()
