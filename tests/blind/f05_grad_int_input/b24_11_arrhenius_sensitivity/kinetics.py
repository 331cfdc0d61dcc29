"""First-order kinetics and the sensitivities used for the temperature-control study."""
import jax
import jax.numpy as jnp

from conditions import R_GAS


def rate_constant(log_a, ea, temperature):
    return jnp.exp(log_a - ea / (R_GAS * temperature))


def conversion(kin, temperature, minutes):
    """Fractional conversion X = 1 - exp(-k t) of a first-order reaction."""
    log_a, ea = kin
    return 1.0 - jnp.exp(-rate_constant(log_a, ea, temperature) * minutes)


def temperature_gain(kin, temperature, minutes):
    """dX/dT in 1/K at the given operating point."""
    return jax.grad(conversion, argnums=1)(kin, temperature, minutes)


def kinetic_gains(kin, temperature, minutes):
    """dX/d(log A) and dX/dEa."""
    return jax.grad(conversion)(kin, temperature, minutes)
