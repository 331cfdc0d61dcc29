"""A Morse-potential cluster in 3-D, minimised with gradient descent and momentum."""

import jax
import jax.numpy as jnp

from geometry import pair_distances

MORSE = dict(depth=1.0, width=1.5, r0=1.2)


def morse_energy(positions, depth, width, r0):
    r = pair_distances(positions)
    return jnp.sum(depth * (1.0 - jnp.exp(-width * (r - r0))) ** 2 - depth)


def minimise(n_atoms=6, steps=50, lr=0.02, momentum=0.8):
    positions = 1.5 * jax.random.normal(jax.random.key(2), (n_atoms, 3))
    grad = jax.jit(jax.grad(lambda x: morse_energy(x, **MORSE)))
    velocity = jnp.zeros_like(positions)
    for _ in range(steps):
        velocity = momentum * velocity - lr * grad(positions)
        positions = positions + velocity
    energy = float(morse_energy(positions, **MORSE))
    print("energy", energy)
    return energy


def main():
    return minimise()


if __name__ == "__main__":
    main()
