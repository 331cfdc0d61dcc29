"""Energy of a dimerised chain and a gradient step on its hoppings."""
import functools

import jax
import jax.numpy as jnp

from hopping import bond_energy


def correlations(n_bonds, delta=0.2):
    # Alternating bond order of a Peierls-distorted chain.
    sign = jnp.where(jnp.arange(n_bonds) % 2 == 0, 1.0, -1.0)
    return 0.5 + delta * sign


def total_energy(t, c, stiffness=2.0, t0=1.0):
    elastic = 0.5 * stiffness * jnp.sum((t - t0) ** 2)
    return jnp.sum(bond_energy(t, c)) + elastic


@functools.partial(jax.jit, static_argnames=("lr",))
def relax_step(t, c, lr=0.1):
    e, g = jax.value_and_grad(total_energy)(t, c)
    return t - lr * g, e


def main():
    c = correlations(8)
    t = jnp.ones(8)
    for _ in range(4):
        t, e = relax_step(t, c)
    print("energy", e, "hoppings", t)


if __name__ == "__main__":
    main()
