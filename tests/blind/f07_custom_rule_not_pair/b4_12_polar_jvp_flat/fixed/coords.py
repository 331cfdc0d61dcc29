"""Cartesian to polar coordinates with a custom JVP that is safe at the origin."""

import jax
import jax.numpy as jnp


@jax.custom_jvp
def to_polar(x, y):
    return jnp.hypot(x, y), jnp.arctan2(y, x)


@to_polar.defjvp
def _to_polar_jvp(primals, tangents):
    x, y = primals
    dx, dy = tangents
    r, theta = to_polar(x, y)
    r2 = jnp.maximum(r * r, 1e-12)
    dr = jnp.where(r > 0, (x * dx + y * dy) / jnp.maximum(r, 1e-6), 0.0)
    dtheta = (x * dy - y * dx) / r2
    return (r, theta), (dr, dtheta)
