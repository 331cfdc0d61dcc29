"""Piecewise-constant learning-rate schedule."""

import jax.numpy as jnp

BOUNDARIES = [10, 20]
RATES = [0.1, 0.05, 0.01]


def phase_of(step):
    return jnp.sum(step >= jnp.array(BOUNDARIES))


def learning_rate(step):
    return jnp.array(RATES)[phase_of(step)]
