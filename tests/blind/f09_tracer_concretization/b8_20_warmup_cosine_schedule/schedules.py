"""Learning-rate schedules as closures over their hyper-parameters."""
import math

import jax.numpy as jnp


def warmup_cosine(peak: float, warmup: int, total: int, floor: float = 0.0):
    def schedule(step):
        if step < warmup:
            return peak * (step + 1) / warmup
        progress = (step - warmup) / max(1, total - warmup)
        return floor + 0.5 * (peak - floor) * (1.0 + jnp.cos(math.pi * jnp.minimum(progress, 1.0)))

    return schedule
