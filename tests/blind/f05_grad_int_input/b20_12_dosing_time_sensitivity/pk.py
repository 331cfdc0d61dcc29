"""One-compartment oral-absorption pharmacokinetics with superposition of doses."""
import jax
import jax.numpy as jnp


def bateman(t, ka, ke, v, f=0.9):
    """Concentration (mg/L) after a unit dose given at t = 0."""
    t = jnp.maximum(t, 0.0)
    return f * ka / (v * (ka - ke)) * (jnp.exp(-ke * t) - jnp.exp(-ka * t))


def concentration(t_obs, dose_times, amounts, params):
    dt = t_obs[:, None] - dose_times[None, :]
    per_dose = jnp.where(dt > 0, bateman(dt, params["ka"], params["ke"], params["v"]), 0.0)
    return per_dose @ amounts


def timing_sensitivity(t_obs, regimen, params):
    """d C(t_obs) / d dose time: how much a late or early dose moves each level."""
    return jax.jacrev(concentration, argnums=1)(t_obs, regimen.times, regimen.amounts, params)
