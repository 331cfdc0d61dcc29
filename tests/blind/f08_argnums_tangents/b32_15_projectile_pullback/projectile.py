"""Projectile on flat ground without drag (physics 101 lab, part B)."""
import jax.numpy as jnp

G = 9.81


def flight(v0, angle):
    """Range and maximum height for launch speed v0 (m/s) and angle (rad)."""
    rng = v0**2 * jnp.sin(2 * angle) / G
    height = (v0 * jnp.sin(angle)) ** 2 / (2 * G)
    return rng, height
