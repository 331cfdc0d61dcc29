"""Weighted least-squares misfit between measured and modelled spectra."""
import jax.numpy as jnp

from circuit import impedance


def modulus_weights(z_meas):
    return 1.0 / jnp.abs(z_meas)


def misfit(log_params, freq_hz, z_meas):
    resid = (impedance(log_params, freq_hz) - z_meas) * modulus_weights(z_meas)
    return jnp.sum(jnp.abs(resid) ** 2)
