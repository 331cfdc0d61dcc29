"""Series RLC circuit driven by a sinusoidal source, in phasor form."""
import jax.numpy as jnp

V_SOURCE = 10.0  # volts, amplitude


def impedance(params, omega):
    r, l, c = params["R"], params["L"], params["C"]
    return r + 1j * (omega * l - 1.0 / (omega * c))


def current_phasor(params, omega):
    return V_SOURCE / impedance(params, omega)
