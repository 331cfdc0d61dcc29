"""Minimise the mean-field free energy by gradient descent in the logit field."""
import functools

import jax
import jax.numpy as jnp

from meanfield.lattice import square_couplings
from meanfield.thermo import free_energy


@functools.partial(jax.jit, static_argnames="n_iter")
def relax(theta, couplings, field, temperature, n_iter=200, lr=0.05):
    def body(_, th):
        g = jax.grad(free_energy)(th, couplings, field, temperature)
        return th - lr * g

    return jax.lax.fori_loop(0, n_iter, body, theta)


def magnetisation(temperature, side=6, h=0.05):
    couplings = square_couplings(side)
    field = jnp.full((side * side,), h)
    theta0 = 0.1 * jax.random.normal(jax.random.key(0), (side * side,))
    theta = relax(theta0, couplings, field, temperature)
    return jnp.mean(jnp.tanh(theta))


def main():
    for t in (2.0, 4.0, 6.0):
        print(f"T={t}: m={float(magnetisation(t)):.3f}")


if __name__ == "__main__":
    main()
