"""Circular statistics helpers (von Mises distribution) for wind-direction data."""
import jax
import jax.numpy as jnp
import numpy as np
from scipy import special


def _np_log_i0(kappa):
    kappa = np.asarray(kappa)
    return (np.log(special.ive(0, kappa)) + kappa).astype(kappa.dtype)


def log_bessel_i0(kappa):
    """log I0(kappa), stable for large concentrations."""
    return jnp.log(jax.scipy.special.i0e(kappa)) + kappa


def vonmises_logpdf(theta, mu, kappa):
    return kappa * jnp.cos(theta - mu) - jnp.log(2 * jnp.pi) - log_bessel_i0(kappa)
