from dataclasses import dataclass

import jax.numpy as jnp


@dataclass(frozen=True)
class SensitivityConfig:
    dt: float = 1.0
    relative_step: float = 1.0
    report_dtype: object = jnp.bfloat16
