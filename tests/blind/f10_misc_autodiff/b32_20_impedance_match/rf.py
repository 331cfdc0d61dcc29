"""Transmission-line helpers for the RF circuits lab (lab 3: matching a load)."""
import jax.numpy as jnp

Z0 = 50.0  # ohm


def reflection(z_load, z0=Z0):
    return (z_load - z0) / (z_load + z0)


def reflected_power(z_load):
    gamma = reflection(z_load)
    return jnp.abs(gamma) ** 2
