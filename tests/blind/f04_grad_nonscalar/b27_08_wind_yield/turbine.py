"""Wind turbine power curve and site wind climate."""
import jax
import jax.numpy as jnp

AIR_DENSITY = 1.225


def weibull_pdf(v, k=2.0, c=8.0):
    return (k / c) * (v / c) ** (k - 1.0) * jnp.exp(-((v / c) ** k))


def power_kw(v, rotor_radius, rated_kw, cp=0.45, cut_in=3.0, cut_out=25.0):
    area = jnp.pi * rotor_radius ** 2
    aero = 0.5 * AIR_DENSITY * area * cp * v ** 3 / 1000.0
    smooth_cap = rated_kw - jax.nn.softplus(rated_kw - aero)
    on = jax.nn.sigmoid(4.0 * (v - cut_in)) * jax.nn.sigmoid(4.0 * (cut_out - v))
    return smooth_cap * on
