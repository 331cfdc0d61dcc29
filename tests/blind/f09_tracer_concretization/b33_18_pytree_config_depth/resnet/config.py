"""Model config; registered as a pytree so it can be passed straight into jitted code."""
from dataclasses import dataclass

import jax


@jax.tree_util.register_dataclass
@dataclass(frozen=True)
class ResMLPConfig:
    width: int = 16
    n_blocks: int = 3
    residual_scale: float = 0.5
