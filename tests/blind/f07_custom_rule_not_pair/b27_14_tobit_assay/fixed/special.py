"""log Phi(x) with a stable derivative far in the lower tail."""
import jax
import jax.numpy as jnp
from jax.scipy.special import log_ndtr

TAIL = -5.0


def log_ndtr_and_mills(x):
    """log Phi(x), the inverse Mills ratio phi(x)/Phi(x), and the lower-tail mask."""
    value = log_ndtr(x)
    in_tail = x < TAIL
    safe = jnp.where(in_tail, TAIL, x)
    mills_body = jnp.exp(-0.5 * safe ** 2 - 0.5 * jnp.log(2 * jnp.pi) - log_ndtr(safe))
    mills_tail = -x + 1.0 / jnp.where(in_tail, x, TAIL)
    return value, jnp.where(in_tail, mills_tail, mills_body), in_tail


@jax.custom_vjp
def stable_log_ndtr(x):
    return log_ndtr(x)


def _fwd(x):
    value, mills, _ = log_ndtr_and_mills(x)
    return value, mills


def _bwd(mills, g):
    return (g * mills,)


stable_log_ndtr.defvjp(_fwd, _bwd)
