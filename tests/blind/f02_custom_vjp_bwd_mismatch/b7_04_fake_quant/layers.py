"""A dense layer whose weights are fake-quantized in the forward pass."""

import jax
import jax.numpy as jnp

from quant import fake_quant


class QuantDense:
    def __init__(self, d_in, d_out, bits=8):
        self.d_in, self.d_out, self.bits = d_in, d_out, bits

    def init(self, key):
        w = jax.random.normal(key, (self.d_in, self.d_out)) / jnp.sqrt(self.d_in)
        return {
            "w": w,
            "b": jnp.zeros(self.d_out),
            "scale": jnp.max(jnp.abs(w)) / 127.0,
            "zero_point": jnp.array(0.0),
        }

    def __call__(self, p, x):
        w = fake_quant(p["w"], p["scale"], p["zero_point"])
        return x @ w + p["b"]
