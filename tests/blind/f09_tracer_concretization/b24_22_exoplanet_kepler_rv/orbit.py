"""Radial-velocity signature of a planet on an eccentric orbit."""
import jax.numpy as jnp

from kepler import eccentric_anomaly, true_anomaly


def unpack(theta):
    """theta = (log K [m/s], log P [d], sqrt(e) cos w, sqrt(e) sin w, phase, gamma [m/s])."""
    log_k, log_p, sc, ss, phase, gamma = theta
    ecc = sc**2 + ss**2
    omega = jnp.arctan2(ss, sc)
    return jnp.exp(log_k), jnp.exp(log_p), ecc, omega, phase, gamma


def radial_velocity(theta, t):
    k, period, ecc, omega, phase, gamma = unpack(theta)
    mean_anomaly = 2 * jnp.pi * t / period + phase
    nu = true_anomaly(eccentric_anomaly(mean_anomaly, ecc), ecc)
    return gamma + k * (jnp.cos(nu + omega) + ecc * jnp.cos(omega))
