"""Radial velocity of the star for a low-eccentricity orbit (first order in e)."""
import jax.numpy as jnp


def radial_velocity(theta, t):
    K, log_period, phase, ecosw, esinw, gamma = (theta[i] for i in range(6))
    M = 2.0 * jnp.pi * t / jnp.exp(log_period) + phase
    nu = M + 2.0 * (esinw * jnp.cos(M) - ecosw * jnp.sin(M))
    return gamma + K * (jnp.cos(nu) + ecosw)
