"""Log-densities used by the mixture models."""
import jax.numpy as jnp

LOG_2PI = jnp.log(2.0 * jnp.pi)


def diag_normal_logpdf(x, mean, log_scale):
    """log N(x | mean, diag(exp(log_scale))**2), broadcasting over leading axes."""
    z = (x - mean) * jnp.exp(-log_scale)
    return -0.5 * (z * z + LOG_2PI) - log_scale
