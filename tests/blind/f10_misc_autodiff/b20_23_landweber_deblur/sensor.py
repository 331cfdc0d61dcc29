"""Camera sensor response."""
import jax.numpy as jnp

GAIN = 0.8          # DN per photo-electron
FULL_WELL = 200.0   # DN


def response(signal):
    """Digital numbers recorded for an irradiance signal, saturating at the full well."""
    return jnp.clip(GAIN * signal, 0.0, FULL_WELL)
