"""Starting values for the Schaefer surplus-production assessment."""
import jax.numpy as jnp


def initial_params():
    return {
        "log_r": jnp.log(0.3),        # intrinsic growth rate, 1/yr
        "log_k": jnp.log(5000.0),     # carrying capacity, tonnes
        "b0": jnp.array(3200),        # biomass in the first survey year, tonnes
        "log_q": jnp.log(1e-4),       # survey catchability
    }
