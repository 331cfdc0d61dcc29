"""Mutable per-channel calibration parameters for an online sensor array."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp


@dataclass
class ArrayConfig:
    n_channels: int = 8
    init: dict = field(default_factory=lambda: {"gain": 1.0, "offset": 0.0})
    learning_rate: float = 0.1


class ParamStore:
    """Parameters live in Refs; gradients are accumulated into matching Refs."""

    def __init__(self, cfg: ArrayConfig):
        self.params = {}
        self.grads = {}
        for name, value in cfg.init.items():
            self.params[name] = jax.new_ref(jnp.full((cfg.n_channels,), value))
            self.grads[name] = jax.new_ref(jnp.zeros_like(self.params[name][...]))

    def apply_grads(self, lr):
        for name, ref in self.params.items():
            ref[...] = ref[...] - lr * self.grads[name][...]
            self.grads[name][...] = jnp.zeros_like(self.grads[name][...])

    def snapshot(self):
        return {name: ref[...] for name, ref in self.params.items()}
