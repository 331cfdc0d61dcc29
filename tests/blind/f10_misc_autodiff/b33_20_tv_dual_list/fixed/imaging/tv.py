"""Chambolle's projection algorithm for total-variation denoising."""
import jax.numpy as jnp

from imaging.operators import GradientOperator


def tv_denoise(f, weight=0.2, iters=50, tau=0.125):
    op = GradientOperator(f.shape)
    p = (jnp.zeros_like(f), jnp.zeros_like(f))
    for _ in range(iters):
        (div_p,) = op.adjoint(p)
        gx, gy = op.apply(-div_p - f / weight)
        norm = 1.0 + tau * jnp.sqrt(gx**2 + gy**2)
        p = ((p[0] + tau * gx) / norm, (p[1] + tau * gy) / norm)
    (div_p,) = op.adjoint(p)
    return f + weight * div_p
