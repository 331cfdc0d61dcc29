"""Closed-form gradients of the Cauchy loss for a linear model."""
import jax.numpy as jnp


def cauchy_weights(residual, scale):
    return residual / (scale**2 + residual**2)


def param_grads(g, x, residual, scale):
    w = g * cauchy_weights(residual, scale)
    grads = {"coef": x.T @ w, "intercept": jnp.sum(w)}
    return tuple(grads.values())
