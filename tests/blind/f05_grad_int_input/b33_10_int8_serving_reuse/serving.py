"""Parameter loading for the inference service (one source of truth for both stacks)."""
import jax
import jax.numpy as jnp

from quant import dequantize, is_quantized, quantize


def _trained_weights():
    k1, k2 = jax.random.split(jax.random.key(7))
    return {"w": jax.random.normal(k1, (4, 3)) * 0.5, "b": jax.random.normal(k2, (3,)) * 0.1}


def load_float_params():
    return _trained_weights()


def load_serving_params():
    p = _trained_weights()
    return {"w": quantize(p["w"]), "b": p["b"]}


def predict(params, x):
    w = dequantize(params["w"]) if is_quantized(params["w"]) else params["w"]
    return x @ w + params["b"]
