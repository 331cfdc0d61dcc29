"""Data-driven starting values for the fit."""
import jax.numpy as jnp


def initial_params(features, counts):
    """Start from a flat rate at the busiest day's level and a moderate dispersion."""
    return {
        "coef": jnp.zeros(features.shape[1]),
        "log_rate": jnp.log(jnp.max(counts)),
        "log_dispersion": jnp.array(0.0),
        "peak": jnp.max(counts),
    }
