"""Analytic sensitivities of first-order decay curves c(t) = c0 * exp(-k t)."""
import jax.numpy as jnp


def initial_sensitivity(decay, g):
    """d/dc0 of sum(g * c): decay is exp(-k t), shape (n_times, n_species)."""
    return jnp.sum(g * decay, axis=0)


def rate_sensitivity(times, conc, g):
    """d/dk of sum(g * c) = sum over times of -t * c * g."""
    return -jnp.sum(times[:, None] * conc * g, axis=0)
