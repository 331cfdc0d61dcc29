"""Relax geometry and charges of a small molecule together by gradient descent."""
import jax
import jax.numpy as jnp

from qeq.energy import total_energy
from qeq.settings import DEFAULT

WATER_DIMER = {
    "numbers": [8, 1, 1, 8, 1, 1],
    "positions": [[0.0, 0.0, 0.0], [0.96, 0.0, 0.0], [-0.24, 0.93, 0.0],
                  [2.9, 0.0, 0.0], [3.3, 0.9, 0.0], [3.3, -0.9, 0.0]],
}


def relax(molecule, settings=DEFAULT):
    numbers = jnp.asarray(molecule["numbers"])
    positions = jnp.asarray(molecule["positions"])
    charges = jnp.zeros(numbers.shape[0])
    grad_fn = jax.jit(jax.grad(total_energy, argnums=settings.grad_argnums))
    for _ in range(settings.steps):
        g_pos, g_q = grad_fn(positions, numbers, charges)
        positions = positions - settings.position_step * jnp.clip(g_pos, -10.0, 10.0)
        charges = charges - settings.charge_step * g_q / 20.0
    return positions, charges, total_energy(positions, numbers, charges)


def main():
    positions, charges, energy = relax(WATER_DIMER)
    print("energy", float(energy), "charges", charges)


if __name__ == "__main__":
    main()
