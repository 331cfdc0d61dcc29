"""Steepest-descent relaxation of the chain to its minimum-energy configuration."""
import jax
import jax.numpy as jnp

from chain import energy, initial_positions

force = lambda x: -jax.grad(energy)(x)


def relax(x, step=0.01, n_iter=300):
    for _ in range(n_iter):
        x = x + step * force(x)
    return x


def main():
    x0 = initial_positions()
    x = relax(x0)
    print("energy before", float(energy(x0)), "after", float(energy(x)))
    print("bond lengths", jnp.diff(x))
    return x


if __name__ == "__main__":
    main()
