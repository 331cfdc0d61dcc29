"""Special functions shared with the legacy NumPy pricing library."""
import jax
import jax.numpy as jnp
import numpy as np
from scipy.special import ndtr


def normal_cdf(x):
    """Standard normal CDF, in JAX so that it can be differentiated."""
    return jax.scipy.special.ndtr(x)
