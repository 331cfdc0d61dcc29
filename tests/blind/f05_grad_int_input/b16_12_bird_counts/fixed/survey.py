"""Repeated point counts of a songbird at several sites, and starting values."""
import jax
import jax.numpy as jnp


def simulate_counts(key, n_sites=15, n_visits=4, p_detect=0.6):
    k1, k2 = jax.random.split(key)
    abundance = jax.random.poisson(k1, 3.0, (n_sites,))
    return jax.random.binomial(k2, abundance[None, :].astype(jnp.float32), p_detect,
                               shape=(n_visits, n_sites))


def starting_abundance(counts):
    """Crude start: the number of visits with at least one bird, per site."""
    detected = counts > 0
    return detected.sum(axis=0).astype(jnp.float32)
