"""Wraps a NumPy routine (pretend it is a legacy Fortran code) for use from JAX."""

import jax
import jax.numpy as jnp
import numpy as np


def _np_bessel_like(x):
    return np.cos(x) * np.exp(-0.1 * x)


def _np_bessel_like_deriv(x):
    return (-np.sin(x) - 0.1 * np.cos(x)) * np.exp(-0.1 * x)


@jax.custom_jvp
def legacy_response(x):
    return jax.pure_callback(_np_bessel_like, jax.ShapeDtypeStruct(x.shape, x.dtype), x)


@legacy_response.defjvp
def _legacy_response_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    d = jax.pure_callback(_np_bessel_like_deriv, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
    return legacy_response(x), d * t
