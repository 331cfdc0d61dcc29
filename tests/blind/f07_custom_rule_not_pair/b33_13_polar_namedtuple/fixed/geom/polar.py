"""Cartesian to polar conversion with a derivative that is safe at the origin."""
from typing import NamedTuple

import jax
import jax.numpy as jnp


class Polar(NamedTuple):
    r: jax.Array
    theta: jax.Array


@jax.custom_jvp
def to_polar(xy):
    x, y = xy[..., 0], xy[..., 1]
    return Polar(jnp.hypot(x, y), jnp.arctan2(y, x))


@to_polar.defjvp
def _to_polar_jvp(primals, tangents):
    (xy,), (dxy,) = primals, tangents
    out = to_polar(xy)
    r = jnp.maximum(out.r, 1e-9)
    x, y, dx, dy = xy[..., 0], xy[..., 1], dxy[..., 0], dxy[..., 1]
    dr = (x * dx + y * dy) / r
    dtheta = (x * dy - y * dx) / r**2
    return out, Polar(dr, dtheta)
