"""Michaelis-Menten initial-rate model."""
import jax.numpy as jnp


def initial_rate(theta, substrate):
    vmax, km = theta
    return vmax * substrate / (km + substrate)


def residuals(theta, substrate, rates):
    return initial_rate(theta, substrate) - rates


def sse(theta, substrate, rates):
    r = residuals(theta, substrate, rates)
    return jnp.sum(r * r)
