"""Van der Waals gas: molar volume and compressibility at given (T, P)."""
import jax
import jax.numpy as jnp

from calculus import chain_rule

R = 8.314462618  # J/(mol K)
A_CO2 = 0.3640   # Pa m^6 / mol^2
B_CO2 = 4.267e-5  # m^3 / mol


def _residual(v, T, P):
    return (P + A_CO2 / v ** 2) * (v - B_CO2) - R * T


def _solve_volume(T, P, n_iter=30):
    v = R * T / P  # ideal-gas start: the vapour-like root
    for _ in range(n_iter):
        f = _residual(v, T, P)
        df = P - A_CO2 / v ** 2 + 2.0 * A_CO2 * B_CO2 / v ** 3
        v = v - f / df
    return v


@jax.custom_jvp
def volume_and_z(T, P):
    v = _solve_volume(T, P)
    return v, P * v / (R * T)


@volume_and_z.defjvp
def _volume_and_z_jvp(primals, tangents):
    T, P = primals
    v, Z = volume_and_z(T, P)
    # implicit differentiation of the cubic residual F(v, T, P) = 0
    dF_dv = P - A_CO2 / v ** 2 + 2.0 * A_CO2 * B_CO2 / v ** 3
    dv_dT = R / dF_dv
    dv_dP = -(v - B_CO2) / dF_dv
    dZ_dT = P * dv_dT / (R * T) - Z / T
    dZ_dP = (v + P * dv_dP) / (R * T)
    partials = ((dv_dT, dv_dP), (dZ_dT, dZ_dP))
    return (v, Z), chain_rule(partials, tangents)
