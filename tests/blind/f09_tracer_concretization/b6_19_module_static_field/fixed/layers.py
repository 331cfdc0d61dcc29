"""Layers built on Module."""

import jax
import jax.numpy as jnp

from module import Module, field


class Linear(Module):
    weight: jax.Array
    bias: jax.Array

    @classmethod
    def create(cls, key, d_in, d_out):
        return cls(jax.random.normal(key, (d_in, d_out)) / jnp.sqrt(d_in), jnp.zeros(d_out))

    def __call__(self, x):
        return x @ self.weight + self.bias


class Dropout(Module):
    rate: float = field(static=True)

    def __call__(self, x, key, train):
        if self.rate == 0.0 or not train:
            return x
        keep = jax.random.bernoulli(key, 1.0 - self.rate, x.shape)
        return jnp.where(keep, x / (1.0 - self.rate), 0.0)


class MLP(Module):
    hidden: Linear
    dropout: Dropout
    out: Linear
    activation: str = field(static=True, default="gelu")

    def __call__(self, x, key, train=True):
        h = getattr(jax.nn, self.activation)(self.hidden(x))
        return self.out(self.dropout(h, key, train))
