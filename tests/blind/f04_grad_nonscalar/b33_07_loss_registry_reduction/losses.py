"""Loss registry shared by the training and evaluation pipelines."""
from dataclasses import dataclass
from functools import partial

import jax.numpy as jnp

LOSSES = {}
REDUCTIONS = {"mean": jnp.mean, "sum": jnp.sum, "none": lambda v: v}


@dataclass(frozen=True)
class LossConfig:
    name: str = "huber"
    delta: float = 1.0
    reduction: str = "none"  # evaluation reports per-example losses


def register_loss(name):
    def deco(fn):
        LOSSES[name] = fn
        return fn
    return deco


@register_loss("huber")
def huber(pred, target, delta):
    r = jnp.abs(pred - target)
    return jnp.where(r < delta, 0.5 * r**2, delta * (r - 0.5 * delta))


def build_loss(cfg: LossConfig):
    per_example = partial(LOSSES[cfg.name], delta=cfg.delta)
    return lambda pred, target: REDUCTIONS[cfg.reduction](per_example(pred, target))
