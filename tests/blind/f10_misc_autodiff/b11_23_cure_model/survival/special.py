"""Special functions JAX lacks, evaluated on the host with SciPy."""

import jax
import jax.numpy as jnp
import numpy as np
from scipy import special


def _gamma_sf_host(shape, x):
    return np.asarray(special.gammaincc(shape, x), dtype=np.float32)


def gamma_survival(shape, rate, t):
    """P(T > t) for T ~ Gamma(shape, rate), via the regularised upper incomplete gamma."""
    x = rate * t
    out = jax.ShapeDtypeStruct(jnp.broadcast_shapes(jnp.shape(shape), x.shape), jnp.float32)
    return jax.pure_callback(_gamma_sf_host, out, shape, x, vmap_method="broadcast_all")
