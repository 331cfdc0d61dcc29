"""One-compartment oral-absorption pharmacokinetic model."""

import jax.numpy as jnp


def init_params(initial):
    return {name: jnp.asarray(value) for name, value in initial.items()}


def concentration(params, t, dose):
    ka, ke, v = jnp.exp(params["log_ka"]), jnp.exp(params["log_ke"]), jnp.exp(params["log_v"])
    return dose * ka / (v * (ka - ke)) * (jnp.exp(-ke * t) - jnp.exp(-ka * t))


def log_residual_loss(params, t, dose, observed):
    pred = concentration(params, t, dose)
    return jnp.mean((jnp.log(pred) - jnp.log(observed)) ** 2)
