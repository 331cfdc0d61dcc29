"""Planck radiance in wavelength units, with an overflow-safe custom derivative."""
import jax
import jax.numpy as jnp

C1 = 1.191042e8   # W um^4 / (m^2 sr)
C2 = 1.4387752e4  # um K


def radiance(temp, wl):
    """B(T, lambda) for temperatures (L,) and wavelengths (C,) -> (L, C)."""
    x = C2 / (wl[None, :] * temp[:, None])
    return C1 / (wl[None, :] ** 5 * jnp.expm1(x))


def dradiance_dtemp(temp, wl):
    """Derivative of the Planck radiance with respect to temperature (weighting-function layout)."""
    x = C2 / (wl[:, None] * temp[None, :])
    b = C1 / (wl[:, None] ** 5 * jnp.expm1(x))
    return b * x / temp[None, :] * jnp.exp(x) / jnp.expm1(x)
