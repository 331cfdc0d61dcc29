"""Soft-sphere repulsion between particles in a 2-D box, relaxed by gradient descent."""
import jax
import jax.numpy as jnp

from safe import safe_norm

SIGMA = 1.0
EPSILON = 1.0


def pair_distances(pos):
    i, j = jnp.triu_indices(pos.shape[0], k=1)
    return safe_norm(pos[i] - pos[j])


def energy(pos):
    r = pair_distances(pos)
    overlap = jnp.maximum(1.0 - r / SIGMA, 0.0)
    return EPSILON * jnp.sum(overlap ** 2)


@jax.jit
def relax_step(pos, lr=0.1):
    return pos - lr * jax.grad(energy)(pos)


def main(steps=100):
    pos = jax.random.uniform(jax.random.key(0), (20, 2), maxval=3.0)
    e0 = energy(pos)
    for _ in range(steps):
        pos = relax_step(pos)
    print("energy", float(e0), "->", float(energy(pos)))
    return e0, energy(pos)


if __name__ == "__main__":
    main()
