"""Linear finite elements for an axially loaded, fixed-free bar."""
import jax
import jax.numpy as jnp


def stiffness(density, e0=200.0, penal=3.0, length=1.0):
    """Global stiffness with SIMP-penalised element moduli; node 0 is clamped."""
    n_el = density.shape[0]
    h = length / n_el
    k_el = e0 * density**penal / h
    k = jnp.zeros((n_el + 1, n_el + 1))
    idx = jnp.arange(n_el)
    k = k.at[idx, idx].add(k_el).at[idx + 1, idx + 1].add(k_el)
    k = k.at[idx, idx + 1].add(-k_el).at[idx + 1, idx].add(-k_el)
    return k[1:, 1:]


def displacements(density, loads):
    """Displacements of the free nodes for each load case (rows of ``loads``)."""
    k = stiffness(density)
    return jax.vmap(lambda f: jnp.linalg.solve(k, f))(loads)
