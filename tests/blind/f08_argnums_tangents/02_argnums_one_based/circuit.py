"""RC low-pass filter response."""

import jax.numpy as jnp


def response(resistance, capacitance, freqs):
    omega = 2 * jnp.pi * freqs
    return 1.0 / jnp.sqrt(1.0 + (omega * resistance * capacitance) ** 2)


def design_error(resistance, capacitance, freqs, target):
    return jnp.mean((response(resistance, capacitance, freqs) - target) ** 2)
