"""Physics-informed network for the 1-D heat equation u_t = alpha u_xx on [0, 1]."""
from typing import NamedTuple

import jax
import jax.numpy as jnp

ALPHA = 0.1


class LossTerms(NamedTuple):
    pde: jnp.ndarray
    boundary: jnp.ndarray
    initial: jnp.ndarray


def init_mlp(key, sizes=(2, 24, 24, 1)):
    params = []
    for k, (m, n) in zip(jax.random.split(key, len(sizes) - 1), zip(sizes[:-1], sizes[1:])):
        params.append((jax.random.normal(k, (m, n)) * jnp.sqrt(1.0 / m), jnp.zeros(n)))
    return params


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


def loss_terms(params, colloc, edges, x0):
    r = jax.vmap(residual, in_axes=(None, 0, 0))(params, colloc[:, 0], colloc[:, 1])
    ub = jax.vmap(u, in_axes=(None, 0, 0))(params, edges[:, 0], edges[:, 1])
    u0 = jax.vmap(u, in_axes=(None, 0, None))(params, x0, 0.0)
    return LossTerms(pde=jnp.mean(r ** 2), boundary=jnp.mean(ub ** 2),
                     initial=jnp.mean((u0 - jnp.sin(jnp.pi * x0)) ** 2))
