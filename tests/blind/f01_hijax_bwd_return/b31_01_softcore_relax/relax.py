"""Steepest-descent relaxation of a small Lennard-Jones cluster."""
import jax
import jax.numpy as jnp

from switching import soft_core

EPSILON = 1.0
SIGMA = 1.0


def pair_distances(pos):
    n = pos.shape[0]
    i, j = jnp.triu_indices(n, k=1)
    d = pos[i] - pos[j]
    return jnp.sqrt(jnp.sum(d * d, axis=-1))


def lj_energy(pos):
    r = soft_core(pair_distances(pos), alpha=0.3, sigma=SIGMA)
    sr6 = (SIGMA / r) ** 6
    return jnp.sum(4.0 * EPSILON * (sr6 * sr6 - sr6))


def relax(pos, lr=1e-3, n_steps=20):
    energy_and_force = jax.jit(jax.value_and_grad(lj_energy))
    for _ in range(n_steps):
        e, g = energy_and_force(pos)
        pos = pos - lr * jnp.clip(g, -50.0, 50.0)
    return pos, e


def initial_cluster(key, n=7, box=2.0):
    return jax.random.uniform(key, (n, 3), minval=0.0, maxval=box)


def main():
    pos0 = initial_cluster(jax.random.key(0))
    pos, e = relax(pos0)
    print(f"relaxed energy: {float(e):.4f}")
    return e


if __name__ == "__main__":
    main()
