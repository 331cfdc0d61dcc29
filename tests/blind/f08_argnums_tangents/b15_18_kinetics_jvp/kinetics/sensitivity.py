"""Directions in rate-constant space for sensitivity analysis."""
import jax.numpy as jnp

PARAM_NAMES = ("k1", "k2", "k_minus2")


def rate_directions(rates, relative=True):
    """One direction per rate constant; relative directions give elasticities."""
    basis = jnp.eye(rates.shape[0])
    for name, e in zip(PARAM_NAMES, basis):
        yield name, e * rates if relative else e
