"""Physics-informed loss: PDE residual u_t = k u_xx plus initial and boundary terms."""

import jax
import jax.numpy as jnp

from pinn.net import u

DIFFUSIVITY = 0.1


def pde_residual(params, x, t):
    u_t = jax.grad(u, argnums=2)(params, x, t)
    u_xx = jax.grad(jax.grad(u, argnums=1), argnums=1)(params, x, t)
    return u_t - DIFFUSIVITY * u_xx


def pinn_loss(params, colloc, x0, xb, tb):
    res = jax.vmap(pde_residual, in_axes=(None, 0, 0))(params, colloc[:, 0], colloc[:, 1])
    init = jax.vmap(u, in_axes=(None, 0, None))(params, x0, 0.0) - jnp.sin(jnp.pi * x0)
    bound = jax.vmap(u, in_axes=(None, 0, 0))(params, xb, tb)
    parts = (jnp.mean(res**2), jnp.mean(init**2), jnp.mean(bound**2))
    total = parts[0] + 10.0 * (parts[1] + parts[2])
    return total, *parts
