"""Residuals of an exponential-decay model against measurements."""
import jax.numpy as jnp


def decay_model(theta, t):
    amplitude, rate, baseline = theta
    return amplitude * jnp.exp(-rate * t) + baseline


def make_residual_fn(t, y):
    def residual(theta):
        r = decay_model(theta, t) - y
        return r

    return residual
