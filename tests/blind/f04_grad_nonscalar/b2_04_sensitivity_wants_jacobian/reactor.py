"""Steady-state concentrations of a two-species reaction network."""

import jax.numpy as jnp


def steady_state(rates, feed):
    k1, k2, k3 = rates[0], rates[1], rates[2]
    a = feed / (k1 + k3)
    b = k1 * a / k2
    return jnp.stack([a, b])
