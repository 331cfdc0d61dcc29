"""Conjugate-gradient solve wrapped in custom_linear_solve for implicit gradients."""

import jax
import jax.numpy as jnp


def cg(matvec, b, iters=30):
    x = jnp.zeros_like(b)
    r = b - matvec(x)
    p = r
    for _ in range(iters):
        ap = matvec(p)
        alpha = jnp.dot(r, r) / (jnp.dot(p, ap) + 1e-30)
        x = x + alpha * p
        r_new = r - alpha * ap
        beta = jnp.dot(r_new, r_new) / (jnp.dot(r, r) + 1e-30)
        p = r_new + beta * p
        r = r_new
    return x


def spd_solve(a, b):
    matvec = lambda v: a @ v
    return jax.lax.custom_linear_solve(
        matvec, b, solve=lambda mv, rhs: cg(mv, rhs), symmetric=True
    )
