"""Observation models for spike-count GLMs, looked up by name."""
from typing import Callable

import jax
import jax.numpy as jnp

LOSSES: dict[str, Callable] = {}

REDUCTIONS = {
    "mean": jnp.mean,
    "sum": jnp.sum,
    "none": lambda v: v,
}


def register_loss(name):
    def wrap(cls):
        LOSSES[name] = cls
        return cls
    return wrap


@register_loss("poisson")
class PoissonNLL:
    def __init__(self, *, reduction="mean", dt=1.0):
        self.reduce = REDUCTIONS[reduction]
        self.dt = dt

    def __call__(self, log_rate, counts):
        rate = jnp.exp(log_rate) * self.dt
        return self.reduce(rate - counts * jnp.log(rate) + jax.scipy.special.gammaln(counts + 1.0))


@register_loss("bernoulli")
class BernoulliNLL:
    def __init__(self, *, reduction="mean", dt=1.0):
        self.reduce = REDUCTIONS[reduction]

    def __call__(self, logit, spikes):
        return self.reduce(jnp.logaddexp(0.0, logit) - spikes * logit)


def get_loss(name, **kwargs):
    return LOSSES[name](**kwargs)
