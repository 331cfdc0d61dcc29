"""Special functions evaluated by SciPy on the host (our reference implementation)."""

import jax
import jax.numpy as jnp
import numpy as np
import scipy.special


def _log_i0_host(kappa):
    kappa = np.asarray(kappa)
    return (np.log(scipy.special.i0e(kappa)) + kappa).astype(kappa.dtype)


def _i1_over_i0_host(kappa):
    kappa = np.asarray(kappa)
    return (scipy.special.i1e(kappa) / scipy.special.i0e(kappa)).astype(kappa.dtype)


@jax.custom_jvp
def log_bessel_i0(kappa):
    """log I0(kappa), stable for large kappa (computed through the scaled i0e)."""
    kappa = jnp.asarray(kappa)
    out = jax.ShapeDtypeStruct(kappa.shape, kappa.dtype)
    return jax.pure_callback(_log_i0_host, out, kappa)


@log_bessel_i0.defjvp
def _log_bessel_i0_jvp(primals, tangents):
    (kappa,), (t,) = primals, tangents
    kappa = jnp.asarray(kappa)
    out = jax.ShapeDtypeStruct(kappa.shape, kappa.dtype)
    # d/dk log I0(k) = I1(k) / I0(k)
    return log_bessel_i0(kappa), jax.pure_callback(_i1_over_i0_host, out, kappa) * t
