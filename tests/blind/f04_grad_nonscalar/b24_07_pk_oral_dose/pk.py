"""One-compartment model with first-order oral absorption."""
import jax.numpy as jnp


def concentration(log_theta, dose, t):
    """Plasma concentration (mg/L) for doses (subjects,) at times t (samples,)."""
    ka, ke, vd = jnp.exp(log_theta)
    scale = dose[:, None] * ka / (vd * (ka - ke))
    return scale * (jnp.exp(-ke * t[None, :]) - jnp.exp(-ka * t[None, :]))
