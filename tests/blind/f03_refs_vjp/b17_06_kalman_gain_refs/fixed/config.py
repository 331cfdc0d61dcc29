"""Run configuration for the learned-noise Kalman smoother."""
from typing import NamedTuple

import jax.numpy as jnp


class RunConfig(NamedTuple):
    state_dim: int = 2
    obs_dim: int = 1
    n_steps: int = 50
    lr: float = 0.05
    grad_dtype: jnp.dtype = jnp.float32  # gradient buffers


CONFIG = RunConfig()
