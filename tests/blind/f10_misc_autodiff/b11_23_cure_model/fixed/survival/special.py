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
    # jax.scipy has gammaincc, differentiable in both arguments: no host callback needed
    return jax.scipy.special.gammaincc(shape, x)
