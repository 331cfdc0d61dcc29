"""Narrow-band uniform linear array: steering vectors and beam power."""
import jax.numpy as jnp


def steering(n, spacing, angle_deg):
    phase = 2j * jnp.pi * spacing * jnp.sin(jnp.deg2rad(angle_deg))
    return jnp.exp(phase * jnp.arange(n))


def beam_power(weights, a):
    return jnp.abs(jnp.vdot(weights, a)) ** 2


def design_loss(weights, a_main, a_side, side_weight=5.0):
    """Normalised sidelobe power minus normalised mainlobe power (real-valued)."""
    norm = jnp.real(jnp.vdot(weights, weights))
    main = beam_power(weights, a_main) / norm
    side = sum(beam_power(weights, a) for a in a_side) / norm
    return -main + side_weight * side
