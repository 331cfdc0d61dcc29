"""A gated linear read-out: each gene has a soft gate that can switch it off."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp

from genesel import initializers


@dataclass(frozen=True)
class GatedLinearConfig:
    n_genes: int
    weight_init: str = "lecun"
    gate_init: str = "coin"
    sparsity: float = 1e-2


class GatedLinear:
    def __init__(self, cfg: GatedLinearConfig):
        self.cfg = cfg

    def init(self, key):
        kw, kg = jax.random.split(key)
        n = self.cfg.n_genes
        return {
            "w": initializers.make(self.cfg.weight_init)(kw, (n,)),
            "gate": initializers.make(self.cfg.gate_init)(kg, (n,)),
            "b": jnp.zeros(()),
        }

    def __call__(self, params, x):
        gate = jnp.clip(params["gate"], 0.0, 1.0)
        return x @ (gate * params["w"]) + params["b"]

    def penalty(self, params):
        return self.cfg.sparsity * jnp.sum(jnp.abs(params["gate"]))
