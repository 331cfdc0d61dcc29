"""Fused bias + tanh-GELU with a hand-written backward pass (saves one activation)."""

import math

import jax
import jax.numpy as jnp

from reductions import reduce_to_bias

_C = math.sqrt(2.0 / math.pi)


def _gelu_parts(z):
    inner = _C * (z + 0.044715 * z**3)
    t = jnp.tanh(inner)
    return 0.5 * z * (1.0 + t), t


@jax.custom_vjp
def bias_gelu(x, bias):
    out, _ = _gelu_parts(x + bias)
    return out


def _bias_gelu_fwd(x, bias):
    z = x + bias
    out, t = _gelu_parts(z)
    return out, (z, t)


def _bias_gelu_bwd(res, g):
    z, t = res
    dinner = _C * (1.0 + 3 * 0.044715 * z**2)
    dz = 0.5 * (1.0 + t) + 0.5 * z * (1.0 - t**2) * dinner
    gz = g * dz
    return gz, reduce_to_bias(gz)


bias_gelu.defvjp(_bias_gelu_fwd, _bias_gelu_bwd)
