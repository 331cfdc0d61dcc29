"""Fake quantization with a straight-through estimator, for quantization-aware training."""

import jax
import jax.numpy as jnp

QMIN, QMAX = -128.0, 127.0


@jax.custom_vjp
def fake_quant(x, scale, zero_point):
    q = jnp.clip(jnp.round(x / scale) + zero_point, QMIN, QMAX)
    return (q - zero_point) * scale


def _fq_fwd(x, scale, zero_point):
    return fake_quant(x, scale, zero_point), (x, scale, zero_point)


def _fq_bwd(res, g):
    x, scale, zero_point = res
    v = x / scale + zero_point
    inside = (v >= QMIN) & (v <= QMAX)
    g_x = jnp.where(inside, g, 0.0)
    # LSQ-style scale gradient: rounding error inside the range, the clip value outside
    q = jnp.clip(jnp.round(v), QMIN, QMAX)
    g_scale = jnp.sum(g * jnp.where(inside, q - v, q - zero_point))
    return g_x, g_scale


fake_quant.defvjp(_fq_fwd, _fq_bwd)
