"""Sizes of the heteroscedastic regression model and its training buffers."""
from typing import NamedTuple

import jax
import jax.numpy as jnp


class ModelConfig(NamedTuple):
    n_features: int = 4
    n_noise_params: int = 1   # one shared log noise scale
    lr: float = 0.05


def grad_buffers(cfg: ModelConfig):
    """Zeroed gradient Refs, one per parameter Ref, in the model's order."""
    return (
        jax.new_ref(jnp.zeros((cfg.n_features,), jnp.float32)),
        jax.new_ref(jnp.zeros((), jnp.float32)),  # the noise scale Ref is a scalar
    )
