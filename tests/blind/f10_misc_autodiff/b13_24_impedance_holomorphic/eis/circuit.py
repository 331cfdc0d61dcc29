"""Randles equivalent circuit for electrochemical impedance spectroscopy."""

import jax.numpy as jnp


def randles(log_params, omega):
    r_s, r_ct, c_dl, sigma = jnp.exp(log_params)
    warburg = sigma * (1.0 - 1.0j) / jnp.sqrt(omega)
    faradaic = r_ct + warburg
    return r_s + faradaic / (1.0 + 1j * omega * c_dl * faradaic)


def misfit(log_params, omega, z_obs):
    resid = (randles(log_params, omega) - z_obs) / jnp.abs(z_obs)
    return jnp.mean(jnp.abs(resid) ** 2)
