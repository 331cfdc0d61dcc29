"""A minimal equinox-style Module: frozen dataclasses that are pytrees."""

import dataclasses

import jax
import jax.numpy as jnp


def static_field(**kwargs):
    return dataclasses.field(metadata={"static": True}, **kwargs)


class Module:
    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        dataclasses.dataclass(frozen=True)(cls)
        fields = dataclasses.fields(cls)
        jax.tree_util.register_dataclass(
            cls,
            data_fields=[f.name for f in fields if not f.metadata.get("static")],
            meta_fields=[f.name for f in fields if f.metadata.get("static")],
        )


class Linear(Module):
    weight: jax.Array
    bias: jax.Array

    @classmethod
    def init(cls, key, n_in, n_out):
        return cls(jax.random.normal(key, (n_out, n_in)) / jnp.sqrt(n_in), jnp.zeros(n_out))

    def __call__(self, x):
        return self.weight @ x + self.bias


class MLP(Module):
    layers: tuple
    activation: object = static_field(default=jax.nn.gelu)

    @classmethod
    def init(cls, key, sizes):
        keys = jax.random.split(key, len(sizes) - 1)
        return cls(tuple(Linear.init(k, a, b) for k, a, b in zip(keys, sizes[:-1], sizes[1:])))

    def __call__(self, x):
        for layer in self.layers[:-1]:
            x = self.activation(layer(x))
        return self.layers[-1](x)
