"""A tiny hand-rolled module system: modules are pytrees of their array fields."""

import dataclasses

import jax
import jax.numpy as jnp


class Module:
    """Subclasses are dataclasses; array fields are leaves, the rest is static."""

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        jax.tree_util.register_pytree_node(cls, cls._flatten, cls._unflatten)

    def _flatten(self):
        fields = dataclasses.fields(self)
        leaves = [getattr(self, f.name) for f in fields if not f.metadata.get("static")]
        static = tuple(
            (f.name, getattr(self, f.name)) for f in fields if f.metadata.get("static")
        )
        return leaves, static

    @classmethod
    def _unflatten(cls, static, leaves):
        obj = object.__new__(cls)
        names = [f.name for f in dataclasses.fields(cls) if not f.metadata.get("static")]
        for name, value in zip(names, leaves):
            object.__setattr__(obj, name, value)
        for name, value in static:
            object.__setattr__(obj, name, value)
        return obj


def static(default=None):
    return dataclasses.field(default=default, metadata={"static": True})


@dataclasses.dataclass
class Linear(Module):
    weight: jax.Array
    bias: jax.Array

    @staticmethod
    def create(key, n_in, n_out):
        return Linear(jax.random.normal(key, (n_in, n_out)) / n_in**0.5, jnp.zeros((n_out,)))

    def __call__(self, x):
        return x @ self.weight + self.bias


@dataclasses.dataclass
class MLP(Module):
    hidden: Linear
    out: Linear
    activation: str = static("gelu")

    def __call__(self, x):
        act = getattr(jax.nn, self.activation)
        return self.out(act(self.hidden(x)))
