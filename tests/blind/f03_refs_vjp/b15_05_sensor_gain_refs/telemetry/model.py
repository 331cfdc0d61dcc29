"""Linear calibration of raw channel readings against a reference instrument."""
import jax.numpy as jnp


def calibrated(params, raw):
    return raw * params["gain"][...] + params["offset"][...]


def misfit(params, raw, reference):
    return jnp.mean((calibrated(params, raw) - reference) ** 2)
