"""Training configuration of the rating model."""
from dataclasses import dataclass, field

import jax.numpy as jnp


@dataclass(frozen=True)
class Config:
    n_players: int = 10
    lr: float = 0.05
    dtypes: dict = field(default_factory=lambda: {"params": jnp.float32, "grads": jnp.float16})
