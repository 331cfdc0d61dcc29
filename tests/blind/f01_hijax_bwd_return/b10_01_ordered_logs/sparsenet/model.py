"""Parameters and forward pass of the sparse MLP."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np

from sparsenet.prims import masked_matmul


def block_mask(n_in, n_out, block, keep, seed):
    rng = np.random.default_rng(seed)
    blocks = rng.random((n_in // block, n_out // block)) < keep
    return jnp.asarray(np.kron(blocks, np.ones((block, block))), jnp.float32)


@dataclass(frozen=True)
class SparseMLP:
    sizes: tuple[int, ...]
    block: int = 4
    keep: float = 0.5

    def masks(self):
        return [block_mask(a, b, self.block, self.keep, i)
                for i, (a, b) in enumerate(zip(self.sizes[:-1], self.sizes[1:]))]

    def apply(self, params, x):
        masks = self.masks()
        for i, (w, mask) in enumerate(zip(params, masks)):
            x = masked_matmul(x, w, mask, f"layer{i}")
            if i < len(params) - 1:
                x = jax.nn.relu(x)
        return x


def init_mlp(model, key):
    keys = jax.random.split(key, len(model.sizes) - 1)
    return [jax.random.normal(k, (a, b)) / jnp.sqrt(a)
            for k, a, b in zip(keys, model.sizes[:-1], model.sizes[1:])]
