"""A-priori estimate of the piecewise-linear interpolation error of a front."""

import jax
import jax.numpy as jnp


def front(x, width=0.05):
    return jnp.tanh(x / width)


def interpolation_error(mesh, f=front):
    x = mesh.coordinates()
    widths = jnp.diff(x)
    mids = 0.5 * (x[1:] + x[:-1])
    curvature = jax.vmap(jax.grad(jax.grad(f)))(mids)
    estimate = jnp.sum(widths**5 * curvature**2) / 120.0
    barrier = 1e-6 * jnp.sum(1.0 / widths**2)
    return estimate + barrier
