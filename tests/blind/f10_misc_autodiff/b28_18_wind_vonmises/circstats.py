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
    spec = jax.ShapeDtypeStruct(jnp.shape(kappa), jnp.result_type(kappa))
    return jax.pure_callback(_np_log_i0, spec, kappa, vmap_method="expand_dims")


def vonmises_logpdf(theta, mu, kappa):
    return kappa * jnp.cos(theta - mu) - jnp.log(2 * jnp.pi) - log_bessel_i0(kappa)
