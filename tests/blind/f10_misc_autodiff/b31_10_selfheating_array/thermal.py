"""Self-heating of an array of thin-film resistors on a shared substrate."""
import jax.numpy as jnp

from fixedpoint import fixed_point

T_AMB = 25.0     # deg C
T_REF = 25.0
N = 6


def coupling_matrix(n=N, r_self=40.0, r_mutual=8.0, decay=0.5):
    """Thermal resistances [K/W] between elements, decaying with distance."""
    i = jnp.arange(n)
    d = jnp.abs(i[:, None] - i[None, :])
    return jnp.where(d == 0, r_self, r_mutual * decay ** (d - 1))


def heat_balance(T, params):
    R = params["r0"] * (1.0 + params["tcr"] * (T - T_REF))
    power = params["volts"] ** 2 / R
    return T_AMB + coupling_matrix() @ power


def relaxation(params):
    """Damping that keeps the iteration contractive for these drive levels."""
    slope = jnp.max(params["volts"] ** 2 * params["tcr"] / params["r0"])
    return 1.0 / (1.0 + jnp.sum(coupling_matrix()[0]) * slope)


def steady_temperatures(params):
    T0 = jnp.full((N,), T_AMB)
    return fixed_point(heat_balance, params, T0, relaxation(params))
