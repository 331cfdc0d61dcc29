"""Hand-written module classes whose weights are fake-quantised per tensor."""
import dataclasses

import jax
import jax.numpy as jnp

from qat.quantize import QMAX, fake_quant


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class QuantDense:
    w: jax.Array
    b: jax.Array

    @classmethod
    def init(cls, key, d_in, d_out):
        return cls(jax.random.normal(key, (d_in, d_out)) / jnp.sqrt(d_in), jnp.zeros(d_out))

    def __call__(self, x):
        scale = jnp.max(jnp.abs(self.w)) / QMAX
        return x @ fake_quant(self.w, scale) + self.b


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class MLP:
    layers: list

    @classmethod
    def init(cls, key, sizes):
        keys = jax.random.split(key, len(sizes) - 1)
        return cls([QuantDense.init(k, m, n) for k, m, n in zip(keys, sizes[:-1], sizes[1:])])

    def __call__(self, x):
        for layer in self.layers[:-1]:
            x = jax.nn.relu(layer(x))
        return self.layers[-1](x)
