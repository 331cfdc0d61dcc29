"""Tangent directions for design studies on the turbine spec dict."""
import jax.numpy as jnp

from wind.power_curve import TUNABLE


def design_direction(turbine, changes):
    """A tangent for the turbine dict from relative changes of the tunable specs."""
    return {name: turbine[name] * changes[name] if name in TUNABLE else jnp.zeros_like(value)
            for name, value in turbine.items()}
