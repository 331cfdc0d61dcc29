"""Layer normalisation with a memory-light hand-written backward pass."""

import jax
import jax.numpy as jnp

EPS = 1e-5


@jax.custom_vjp
def layer_norm(params, x):
    mu = x.mean(axis=-1, keepdims=True)
    inv = jax.lax.rsqrt(x.var(axis=-1, keepdims=True) + EPS)
    return (x - mu) * inv * params["scale"] + params["bias"]


def _layer_norm_fwd(params, x):
    mu = x.mean(axis=-1, keepdims=True)
    inv = jax.lax.rsqrt(x.var(axis=-1, keepdims=True) + EPS)
    x_hat = (x - mu) * inv
    return x_hat * params["scale"] + params["bias"], (x_hat, inv, params["scale"])


def _layer_norm_bwd(res, g):
    x_hat, inv, scale = res
    d = x_hat.shape[-1]
    g_hat = g * scale
    dx = inv / d * (d * g_hat - g_hat.sum(-1, keepdims=True) - x_hat * (g_hat * x_hat).sum(-1, keepdims=True))
    d_scale = (g * x_hat).reshape(-1, d).sum(0)
    return {"scale": d_scale}, dx


layer_norm.defvjp(_layer_norm_fwd, _layer_norm_bwd)
