"""Synthetic calorimetry data for a gas with known Shomate coefficients."""
import jax
import jax.numpy as jnp

from thermo.prims.shomate import _basis

TRUE_COEFFS = jnp.array([30.0, 6.8, 6.8, -2.5, 0.08])


def measurements(n=40, noise=0.2, seed=0):
    temps = jnp.linspace(300.0, 1500.0, n)
    cp = _basis(temps / 1000.0) @ TRUE_COEFFS
    return temps, cp + noise * jax.random.normal(jax.random.key(seed), (n,))
