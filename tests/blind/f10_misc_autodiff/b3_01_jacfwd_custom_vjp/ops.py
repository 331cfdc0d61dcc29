"""A numerically safe log-cosh with a hand-written backward pass."""
import jax
import jax.numpy as jnp


@jax.custom_vjp
def log_cosh(x):
    return jnp.logaddexp(x, -x) - jnp.log(2.0)


def _log_cosh_fwd(x):
    return log_cosh(x), x


def _log_cosh_bwd(x, g):
    return (g * jnp.tanh(x),)


log_cosh.defvjp(_log_cosh_fwd, _log_cosh_bwd)
