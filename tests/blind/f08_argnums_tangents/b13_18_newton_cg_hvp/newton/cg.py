"""Conjugate gradients for H x = b on flat vectors."""

import jax.numpy as jnp


def conjugate_gradient(matvec, b, iters=20, tol=1e-6):
    x = jnp.zeros_like(b)
    r = b - matvec(x)
    p = r
    rs = r @ r
    for _ in range(iters):
        hp = matvec(p)
        alpha = rs / (p @ hp)
        x = x + alpha * p
        r = r - alpha * hp
        rs_new = r @ r
        if rs_new < tol**2:
            break
        p = r + (rs_new / rs) * p
        rs = rs_new
    return x
