"""Shomate heat capacity, Cp(t) = A + B t + C t^2 + D t^3 + E / t^2 with t = T / 1000."""
import jax
import jax.numpy as jnp

from thermo.prims.base import ElementwiseKernel


def _basis(t):
    return jnp.stack([jnp.ones_like(t), t, t**2, t**3, 1.0 / t**2], axis=-1)


class ShomateCp(ElementwiseKernel):
    def value(self, coeffs, temps):
        return _basis(temps / 1000.0) @ coeffs

    def derivatives(self, res, g):
        coeffs, temps = res
        t = temps / 1000.0
        basis = _basis(t)
        dcp_dt = coeffs[1] + 2 * coeffs[2] * t + 3 * coeffs[3] * t**2 - 2 * coeffs[4] / t**3
        return basis.T @ g, g * dcp_dt / 1000.0


def shomate_cp(coeffs, temps):
    c, t = jax.typeof(coeffs), jax.typeof(temps)
    return ShomateCp(c, t, out_aval=t)(coeffs, temps)
