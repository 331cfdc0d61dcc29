"""Randles equivalent circuit with a Warburg element, for impedance spectroscopy."""
import jax.numpy as jnp


def impedance(log_params, freq_hz):
    """Z(omega) = R_s + (R_ct + Z_W) || C_dl, in ohm."""
    r_s, r_ct, c_dl, sigma_w = jnp.exp(log_params)
    omega = 2.0 * jnp.pi * freq_hz
    z_w = sigma_w * (1.0 - 1j) / jnp.sqrt(omega)
    z_faradaic = r_ct + z_w
    return r_s + z_faradaic / (1.0 + 1j * omega * c_dl * z_faradaic)
