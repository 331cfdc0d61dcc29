"""A physics-informed network for the 1-D heat equation u_t = alpha u_xx."""

import jax
import jax.numpy as jnp

from metrics import tracked

ALPHA = 0.1


def init(key, sizes=(2, 32, 32, 1)):
    keys = jax.random.split(key, len(sizes) - 1)
    return [
        (jax.random.normal(k, (a, b)) / jnp.sqrt(a), jnp.zeros(b))
        for k, a, b in zip(keys, sizes[:-1], sizes[1:])
    ]


def u(params, x, t):
    h = jnp.stack([x, t])
    for w, b in params[:-1]:
        h = jnp.tanh(h @ w + b)
    w, b = params[-1]
    return (h @ w + b)[0]


def residual(params, x, t):
    u_t = jax.grad(u, argnums=2)(params, x, t)
    u_xx = jax.grad(jax.grad(u, argnums=1), argnums=1)(params, x, t)
    return u_t - ALPHA * u_xx


@tracked("pinn_loss")
def loss(params, colloc, initial, boundary):
    r = jax.vmap(residual, in_axes=(None, 0, 0))(params, colloc[:, 0], colloc[:, 1])
    u0 = jax.vmap(u, in_axes=(None, 0, None))(params, initial, 0.0)
    ub = jax.vmap(u, in_axes=(None, None, 0))(params, boundary[0], boundary[1])
    ub2 = jax.vmap(u, in_axes=(None, None, 0))(params, boundary[2], boundary[1])
    return jnp.mean(r**2) + jnp.mean((u0 - jnp.sin(jnp.pi * initial)) ** 2) + jnp.mean(ub**2 + ub2**2)
