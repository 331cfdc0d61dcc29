"""Message-passing settings, registered as a pytree so they can be passed to jitted code."""

from dataclasses import dataclass, field

import jax


@jax.tree_util.register_dataclass
@dataclass(frozen=True)
class MPNNConfig:
    n_rounds: int = field(default=3, metadata=dict(static=True))
    message_scale: float = 0.5
