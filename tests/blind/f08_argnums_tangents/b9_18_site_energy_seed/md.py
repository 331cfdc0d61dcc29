"""Forces by one reverse pass, and a steepest-descent relaxation of a small cluster."""
import jax
import jax.numpy as jnp

from potential import site_energies


def energy_and_forces(pos):
    e_sites, pullback = jax.vjp(site_energies, pos)
    (grad,) = pullback(jnp.ones(()))
    return jnp.sum(e_sites), -grad


def relax(pos, step=0.02, iters=25):
    for _ in range(iters):
        e, f = energy_and_forces(pos)
        pos = pos + step * f
    return pos, e


def cluster():
    return jnp.array([[0.0, 0.0, 0.0], [1.3, 0.0, 0.0], [0.0, 1.3, 0.0],
                      [0.0, 0.0, 1.3], [1.1, 1.1, 0.2]])


def main():
    pos, e = relax(cluster())
    print("relaxed energy", e)


if __name__ == "__main__":
    main()
