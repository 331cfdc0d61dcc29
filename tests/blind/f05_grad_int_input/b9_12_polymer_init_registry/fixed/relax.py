"""Energy minimisation of a bead-spring polymer with bending stiffness."""
import jax
import jax.numpy as jnp

from inits import make_chain

SETTINGS = {"init": "straight", "n_beads": 12, "bond": 1.0, "k_bend": 0.5}


def energy(pos, k_bond=100.0, k_bend=0.5, r0=1.1):
    bonds = pos[1:] - pos[:-1]
    r = jnp.linalg.norm(bonds, axis=1)
    stretch = 0.5 * k_bond * jnp.sum((r - r0) ** 2)
    cos = jnp.sum(bonds[1:] * bonds[:-1], axis=1) / (r[1:] * r[:-1])
    return stretch + k_bend * jnp.sum(1.0 - cos) + 0.05 * jnp.sum(pos[:, 1] ** 2)


def relax(settings, steps=30, lr=1e-3):
    pos = make_chain(settings)
    force = jax.grad(energy)
    for _ in range(steps):
        pos = pos - lr * force(pos, k_bend=settings["k_bend"])
    return pos


def main():
    pos = relax(SETTINGS)
    print("end-to-end", jnp.linalg.norm(pos[-1] - pos[0]), "E", energy(pos))


if __name__ == "__main__":
    main()
