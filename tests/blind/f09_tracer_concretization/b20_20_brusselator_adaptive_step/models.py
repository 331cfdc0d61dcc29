"""Stiff-ish test problems for the adaptive integrator."""
import jax.numpy as jnp


def brusselator(a=1.0, b=3.0):
    def rhs(t, y):
        u, v = y
        return jnp.array([a + u * u * v - (b + 1.0) * u, b * u - u * u * v])
    return rhs
