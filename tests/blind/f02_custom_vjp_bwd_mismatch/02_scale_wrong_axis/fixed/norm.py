"""RMS normalisation with a learned per-feature gain and a custom VJP."""

import jax
import jax.numpy as jnp

EPS = 1e-6


@jax.custom_vjp
def rms_norm(x, gain):
    inv = jax.lax.rsqrt(jnp.mean(x * x, axis=-1, keepdims=True) + EPS)
    return x * inv * gain


def rms_norm_fwd(x, gain):
    inv = jax.lax.rsqrt(jnp.mean(x * x, axis=-1, keepdims=True) + EPS)
    return x * inv * gain, (x, inv, gain)


def rms_norm_bwd(res, g):
    x, inv, gain = res
    xhat = x * inv
    d_gain = jnp.sum(g * xhat, axis=0)
    gx = g * gain
    d_x = inv * (gx - xhat * jnp.mean(gx * xhat, axis=-1, keepdims=True))
    return d_x, d_gain


rms_norm.defvjp(rms_norm_fwd, rms_norm_bwd)
