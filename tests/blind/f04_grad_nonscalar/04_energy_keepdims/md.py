"""Steepest-descent relaxation using forces from the energy gradient."""

import jax

from potentials import lj_energy


def forces(pos):
    return -jax.grad(lj_energy)(pos)


def relax(pos, steps=10, lr=0.002):
    for _ in range(steps):
        pos = pos + lr * forces(pos)
    return pos
