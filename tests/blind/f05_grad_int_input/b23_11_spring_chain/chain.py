import jax.numpy as jnp

import params as P


def initial_positions(n=P.N_BEADS, spacing=P.SPACING):
    return jnp.arange(n) * spacing


def energy(x):
    bonds = jnp.diff(x)
    springs = 0.5 * P.STIFFNESS * jnp.sum((bonds - P.REST_LENGTH) ** 2)
    tether = 0.5 * P.WALL_K * (x[0] ** 2 + (x[-1] - (P.N_BEADS - 1) * P.REST_LENGTH) ** 2)
    return springs + tether
