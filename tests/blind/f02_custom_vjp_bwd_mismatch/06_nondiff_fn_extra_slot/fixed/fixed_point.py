"""Implicit differentiation of a fixed point z = f(z, theta)."""

from functools import partial

import jax
import jax.numpy as jnp


def _iterate(f, theta, z0, n=60):
    z = z0
    for _ in range(n):
        z = f(z, theta)
    return z


@partial(jax.custom_vjp, nondiff_argnums=(0,))
def fixed_point(f, theta, z0):
    return _iterate(f, theta, z0)


def fixed_point_fwd(f, theta, z0):
    z = _iterate(f, theta, z0)
    return z, (theta, z)


def fixed_point_bwd(f, res, z_bar):
    theta, z = res
    _, vjp_theta = jax.vjp(lambda t: f(z, t), theta)
    _, vjp_z = jax.vjp(lambda zz: f(zz, theta), z)
    # solve w = z_bar + J_z^T w by iteration
    w = z_bar
    for _ in range(60):
        w = z_bar + vjp_z(w)[0]
    (theta_bar,) = vjp_theta(w)
    return theta_bar, jnp.zeros_like(z)


fixed_point.defvjp(fixed_point_fwd, fixed_point_bwd)
