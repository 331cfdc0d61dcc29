"""Logistic growth curve and its residuals against observations."""

import jax.numpy as jnp


def logistic(theta, t):
    capacity, rate, midpoint = theta
    return capacity / (1.0 + jnp.exp(-rate * (t - midpoint)))


def residual(theta, t, observed):
    return logistic(theta, t) - observed
