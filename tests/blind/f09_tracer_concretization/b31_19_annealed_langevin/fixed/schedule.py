"""Annealing schedule: temperatures and the number of sweeps at each."""
import jax.numpy as jnp

TEMPERATURES = jnp.array([2.0, 1.0, 0.5, 0.25, 0.1, 0.05])
SWEEPS_PER_LEVEL = 100


def step_size(temperature, base=2e-3, t_min=0.05):
    """Larger steps while hot, shrinking towards `base` at the coldest level."""
    return base * (temperature / t_min) ** 0.5


def total_sweeps():
    return SWEEPS_PER_LEVEL * len(TEMPERATURES)
