"""Modified Bessel function I0, evaluated on the host with SciPy."""

import jax
import numpy as np
import scipy.special


def _host_i0e(x):
    return np.asarray(scipy.special.i0e(x), dtype=x.dtype)


def _host_i1e(x):
    return np.asarray(scipy.special.i1e(x), dtype=x.dtype)


@jax.custom_jvp
def log_i0(kappa):
    out = jax.ShapeDtypeStruct(kappa.shape, kappa.dtype)
    return jax.pure_callback(_host_i0e, out, kappa, vmap_method="expand_dims") + kappa


@log_i0.defjvp
def _log_i0_jvp(primals, tangents):
    (kappa,), (t,) = primals, tangents
    out = jax.ShapeDtypeStruct(kappa.shape, kappa.dtype)
    i0e = jax.pure_callback(_host_i0e, out, kappa, vmap_method="expand_dims")
    i1e = jax.pure_callback(_host_i1e, out, kappa, vmap_method="expand_dims")
    return log_i0(kappa), t * i1e / i0e  # d/dk log I0(k) = I1(k) / I0(k)
