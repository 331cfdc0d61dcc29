"""Static equilibrium of a loaded planar truss by energy minimisation."""
import jax
import jax.numpy as jnp

from springs import make_spring_energy

NODES = jnp.array([[0.0, 0.0], [1.0, 0.0], [2.0, 0.0], [3.0, 0.0],
                   [0.5, 0.8], [1.5, 0.8], [2.5, 0.8]])
BONDS = jnp.array([[0, 1], [1, 2], [2, 3], [4, 5], [5, 6],
                   [0, 4], [1, 4], [1, 5], [2, 5], [2, 6], [3, 6]])
FIXED = jnp.array([1, 0, 0, 1, 0, 0, 0], dtype=bool)
LOAD = jnp.zeros_like(NODES).at[5, 1].set(-0.05)


def equilibrium(stiffness, iters=2000, lr=0.01):
    rest = jnp.linalg.norm(NODES[BONDS[:, 1]] - NODES[BONDS[:, 0]], axis=1)
    spring_energy = make_spring_energy(BONDS, rest)

    def potential(pos):
        return spring_energy(pos, stiffness) - jnp.sum(LOAD * pos)

    grad = jax.jit(jax.grad(potential))
    pos = NODES
    for _ in range(iters):
        pos = pos - lr * jnp.where(FIXED[:, None], 0.0, grad(pos))
    return pos


def main():
    pos = equilibrium(jnp.full(BONDS.shape[0], 10.0))
    print("mid-span deflection %.4f" % (pos[5, 1] - NODES[5, 1]))
    return pos


if __name__ == "__main__":
    main()
