"""A logarithm with a floor whose gradient stays bounded below the floor."""
import jax
import jax.numpy as jnp

from portfolio.rules import make_fwd


@jax.custom_vjp
def floored_log(x, floor):
    return jnp.log(jnp.maximum(x, floor))


def _floored_log_bwd(res, g):
    x, floor = res
    return g / jnp.maximum(x, floor), jnp.zeros_like(floor)


floored_log.defvjp(make_fwd(floored_log.fun), _floored_log_bwd)
