"""Derivatives of the log-sum-exp used by the soft-min pooling."""
import jax.numpy as jnp


def softmin_weights(x, tau):
    z = -x / tau
    z = z - jnp.max(z, axis=-1, keepdims=True)
    w = jnp.exp(z)
    return w / jnp.sum(w, axis=-1, keepdims=True)


def weighted_tangent(w, t):
    return jnp.sum(w * t, axis=0)
