"""Learning-rate schedules (step -> lr), built from a small config dict."""
import math

import jax.numpy as jnp


def warmup_cosine(base_lr, warmup, total):
    def lr_at(step):
        if step < warmup:
            return base_lr * (step + 1) / warmup
        progress = (step - warmup) / max(total - warmup, 1)
        return 0.5 * base_lr * (1.0 + jnp.cos(math.pi * progress))
    return lr_at


def constant(base_lr):
    return lambda step: base_lr


def build(cfg):
    if cfg["kind"] == "warmup_cosine":
        return warmup_cosine(cfg["lr"], cfg["warmup"], cfg["total"])
    return constant(cfg["lr"])
