"""Random search directions in parameter space, for gradient checks and line scans."""
import jax
import jax.numpy as jnp
from jax.flatten_util import ravel_pytree


def random_unit_direction(key, params):
    """A random unit-norm direction with the same layout as params."""
    flat, unravel = ravel_pytree(params)
    v = jax.random.normal(key, flat.shape, flat.dtype)
    return unravel(v / jnp.linalg.norm(v))


def step_along(params, direction, eps):
    return jax.tree.map(lambda p, d: p + eps * d, params, direction)
