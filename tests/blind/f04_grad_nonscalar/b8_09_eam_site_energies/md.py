"""Velocity Verlet dynamics of the EAM cluster with lax.scan."""
import jax
import jax.numpy as jnp
from jax import lax

from eam import site_energies

DT = 0.01


def verlet(state, _):
    r, v = state
    f = -jax.grad(site_energies)(r)
    v_half = v + 0.5 * DT * f
    r_new = r + DT * v_half
    f_new = -jax.grad(site_energies)(r_new)
    return (r_new, v_half + 0.5 * DT * f_new), jnp.sum(site_energies(r_new))


def run(n_steps=50):
    r0 = jnp.array(
        [[0.0, 0.0, 0.0], [1.1, 0.0, 0.0], [0.0, 1.1, 0.0], [0.0, 0.0, 1.1], [1.0, 1.0, 0.2]]
    )
    (r, v), energies = lax.scan(verlet, (r0, jnp.zeros_like(r0)), None, length=n_steps)
    return r, energies


def main():
    r, energies = run()
    print("final energy", float(energies[-1]))


if __name__ == "__main__":
    main()
