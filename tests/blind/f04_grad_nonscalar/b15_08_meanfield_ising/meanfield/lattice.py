"""Nearest-neighbour couplings on a periodic square lattice."""
import jax.numpy as jnp


def square_couplings(side, j=1.0):
    n = side * side
    idx = jnp.arange(n).reshape(side, side)
    right = jnp.roll(idx, -1, axis=1).ravel()
    down = jnp.roll(idx, -1, axis=0).ravel()
    couplings = jnp.zeros((n, n))
    couplings = couplings.at[jnp.arange(n), right].set(j).at[right, jnp.arange(n)].set(j)
    couplings = couplings.at[jnp.arange(n), down].set(j).at[down, jnp.arange(n)].set(j)
    return couplings
