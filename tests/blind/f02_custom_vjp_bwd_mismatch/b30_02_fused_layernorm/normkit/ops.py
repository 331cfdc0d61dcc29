"""Layer normalisation with a hand-written backward pass (saves one reduction)."""
import jax
import jax.numpy as jnp

from normkit.params import param_cotangents


@jax.custom_vjp
def layer_norm(params, x):
    mu = jnp.mean(x, axis=-1, keepdims=True)
    var = jnp.var(x, axis=-1, keepdims=True)
    return params.scale * (x - mu) * jax.lax.rsqrt(var + params.eps) + params.offset


def _fwd(params, x):
    mu = jnp.mean(x, axis=-1, keepdims=True)
    inv = jax.lax.rsqrt(jnp.var(x, axis=-1, keepdims=True) + params.eps)
    x_hat = (x - mu) * inv
    return params.scale * x_hat + params.offset, (params, x_hat, inv)


def _bwd(res, g):
    params, x_hat, inv = res
    d_params = param_cotangents(x_hat, g)
    gx_hat = g * params.scale
    n = x_hat.shape[-1]
    dx = inv / n * (
        n * gx_hat
        - jnp.sum(gx_hat, axis=-1, keepdims=True)
        - x_hat * jnp.sum(gx_hat * x_hat, axis=-1, keepdims=True)
    )
    return d_params, dx


layer_norm.defvjp(_fwd, _bwd)
