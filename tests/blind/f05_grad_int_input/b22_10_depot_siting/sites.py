"""Candidate depot locations on the city's 100 x 100 km grid."""

import jax

GRID_KM = 100


def initial_depots(key, n_depots):
    """Scatter the depots over the grid as a starting point for the optimiser."""
    return jax.random.randint(key, (n_depots, 2), 0, GRID_KM)


def customers(key, n_customers=300):
    k1, k2, k3 = jax.random.split(key, 3)
    centres = jax.random.uniform(k1, (5, 2), minval=10.0, maxval=90.0)
    which = jax.random.randint(k2, (n_customers,), 0, 5)
    demand = jax.random.gamma(k3, 2.0, (n_customers,))
    xy = centres[which] + 6.0 * jax.random.normal(k3, (n_customers, 2))
    return xy, demand
