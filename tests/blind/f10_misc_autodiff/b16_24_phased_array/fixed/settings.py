"""Array geometry and optimiser settings for the beam-pattern design."""
import jax.numpy as jnp

ARRAY = {
    "n_elements": 16,
    "spacing": 0.5,            # wavelengths
    "steer_deg": 20.0,
    "sidelobe_deg": [-40.0, -25.0, 45.0, 60.0],
}

OPTIMIZER = {
    "lr": 0.05,
    "n_iter": 150,
    "grad_kwargs": {},
}

WEIGHT_DTYPE = jnp.complex64
