import jax
import jax.numpy as jnp

from reduce import reduce_to_channels


@jax.custom_vjp
def prelu(x, alpha):
    """Parametric ReLU with one learned negative slope per channel (last axis)."""
    return jnp.where(x > 0, x, alpha * x)


def _prelu_fwd(x, alpha):
    return prelu(x, alpha), (x, alpha)


def _prelu_bwd(res, g):
    x, alpha = res
    neg = x <= 0
    dx = jnp.where(neg, alpha * g, g)
    dalpha = reduce_to_channels(jnp.where(neg, x * g, 0.0))
    return dx, dalpha


prelu.defvjp(_prelu_fwd, _prelu_bwd)
