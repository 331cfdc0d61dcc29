"""Morse pair potential for a small cluster of identical atoms."""
import jax
import jax.numpy as jnp


def pair_distances(positions):
    i, j = jnp.triu_indices(positions.shape[0], k=1)
    return jnp.linalg.norm(positions[i] - positions[j], axis=-1)


def morse_energy(params, positions):
    r = pair_distances(positions)
    x = jnp.exp(-params["a"] * (r - params["r0"]))
    return jnp.sum(params["depth"] * (x * x - 2.0 * x))


def morse_forces(params, positions):
    return -jax.grad(morse_energy, argnums=1)(params, positions)
