"""Square root with a finite gradient at zero, for distance computations."""

import jax
import jax.numpy as jnp


@jax.custom_vjp
def safe_sqrt(x):
    return jnp.sqrt(x)


def safe_sqrt_fwd(x):
    y = jnp.sqrt(x)
    positive = x > 0
    return y, y, positive


def safe_sqrt_bwd(res, g):
    y, positive = res
    return (jnp.where(positive, 0.5 * g / jnp.where(positive, y, 1.0), 0.0),)


safe_sqrt.defvjp(safe_sqrt_fwd, safe_sqrt_bwd)
