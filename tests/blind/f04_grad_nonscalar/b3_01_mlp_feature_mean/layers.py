"""A tiny hand-written MLP in the style of a flax Module."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp


@dataclass(frozen=True)
class Dense:
    features: int

    def init(self, key, in_features):
        wkey, _ = jax.random.split(key)
        scale = 1.0 / jnp.sqrt(in_features)
        return {
            "kernel": jax.random.normal(wkey, (in_features, self.features)) * scale,
            "bias": jnp.zeros((self.features,)),
        }

    def __call__(self, params, x):
        return x @ params["kernel"] + params["bias"]


@dataclass(frozen=True)
class MLP:
    hidden: int
    out: int

    def init(self, key, in_features):
        k1, k2 = jax.random.split(key)
        return {
            "hidden": Dense(self.hidden).init(k1, in_features),
            "out": Dense(self.out).init(k2, self.hidden),
        }

    def __call__(self, params, x):
        h = jax.nn.gelu(Dense(self.hidden)(params["hidden"], x))
        return Dense(self.out)(params["out"], h)
