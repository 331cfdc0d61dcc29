"""Damped oscillator: residuals of a displacement record against the model."""
import jax.numpy as jnp

T = jnp.linspace(0.0, 5.0, 40)


def displacement(params, t=T):
    omega = jnp.sqrt(params["k"])
    return jnp.exp(-params["c"] * t) * jnp.cos(omega * t)


def residuals(params, observed):
    return displacement(params) - observed
