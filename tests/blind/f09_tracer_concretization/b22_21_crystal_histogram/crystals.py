"""Crystal size distribution from a growth model with size-dependent growth."""

import jax.numpy as jnp


def final_sizes(params, nucleation_times, noise, t_end=60.0):
    """Sizes (micrometres) at ``t_end`` of crystals nucleated at the given times."""
    g0, beta = jnp.exp(params["log_g0"]), jnp.exp(params["log_beta"])
    dispersion = jnp.exp(params["log_disp"])
    age = t_end - nucleation_times
    return g0 * age ** (1.0 - beta) * jnp.exp(dispersion * noise)
