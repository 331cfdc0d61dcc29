"""Message-passing settings, registered as a pytree so they can be passed to jitted code."""

from dataclasses import dataclass

import jax


@jax.tree_util.register_dataclass
@dataclass(frozen=True)
class MPNNConfig:
    n_rounds: int = 3
    message_scale: float = 0.5
