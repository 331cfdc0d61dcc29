"""Model config; registered as a pytree so it can be passed straight into jitted code."""
from dataclasses import dataclass
from functools import partial

import jax


@partial(jax.tree_util.register_dataclass,
         data_fields=["residual_scale"], meta_fields=["width", "n_blocks"])
@dataclass(frozen=True)
class ResMLPConfig:
    width: int = 16
    n_blocks: int = 3
    residual_scale: float = 0.5
