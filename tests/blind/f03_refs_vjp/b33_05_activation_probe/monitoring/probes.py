"""Forward hooks that keep the latest activations of a layer for the dashboard."""
from typing import Protocol

import jax
import jax.numpy as jnp


class ForwardHook(Protocol):
    def __call__(self, layer: str, h: jax.Array) -> None: ...


class ActivationProbe:
    def __init__(self, layer: str, shape):
        self.layer = layer
        self.buffer = jax.new_ref(jnp.zeros(shape))

    def __call__(self, layer, h):
        if layer == self.layer:
            self.buffer[...] = h

    def latest(self):
        return self.buffer[...]


class HookList:
    def __init__(self, hooks: list[ForwardHook]):
        self.hooks = hooks

    def fire(self, layer, h):
        for hook in self.hooks:
            hook(layer, h)
