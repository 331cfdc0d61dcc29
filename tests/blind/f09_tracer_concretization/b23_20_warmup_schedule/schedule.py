import math

import jax.numpy as jnp


class WarmupCosine:
    """Linear warm-up followed by cosine decay (as in torch's LambdaLR recipes)."""

    def __init__(self, base_lr, warmup, total):
        self.base_lr = base_lr
        self.warmup = warmup
        self.total = total

    def __call__(self, step):
        if step < self.warmup:
            return self.base_lr * (step + 1) / self.warmup
        progress = (step - self.warmup) / max(1, self.total - self.warmup)
        return self.base_lr * 0.5 * (1.0 + jnp.cos(math.pi * progress))
