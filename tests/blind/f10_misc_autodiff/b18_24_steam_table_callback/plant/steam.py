"""Saturation pressure of water from a tabulated NumPy routine (as shipped by the plant vendor)."""
import jax
import jax.numpy as jnp
import numpy as np

_T = np.linspace(280.0, 380.0, 21)
_P = 0.61094 * np.exp(17.625 * (_T - 273.15) / (_T - 273.15 + 243.04))


def _psat_numpy(t):
    return np.interp(np.asarray(t), _T, _P).astype(np.float32)


def psat(t):
    return jax.pure_callback(_psat_numpy, jax.ShapeDtypeStruct(t.shape, jnp.float32), t,
                             vmap_method="expand_dims")
