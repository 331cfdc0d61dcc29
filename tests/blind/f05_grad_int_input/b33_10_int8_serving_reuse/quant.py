"""Symmetric int8 weight quantisation used by the serving stack."""
import jax
import jax.numpy as jnp


def quantize(w):
    scale = jnp.max(jnp.abs(w)) / 127.0
    return {"q": jnp.round(w / scale).astype(jnp.int8), "scale": scale}


def dequantize(qw):
    return qw["q"].astype(jnp.float32) * qw["scale"]


def is_quantized(p):
    return isinstance(p, dict) and "q" in p
