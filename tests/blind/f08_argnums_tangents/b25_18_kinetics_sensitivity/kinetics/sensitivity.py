"""Local (forward-mode) sensitivities of a trajectory to rates and initial state."""

from __future__ import annotations

from typing import Callable

import jax
import jax.numpy as jnp


def unit_directions(k, c0):
    """One (dk, dc0) direction per scalar input, rates first."""
    dirs = []
    for i in range(k.shape[0]):
        dirs.append((jnp.zeros_like(k).at[i].set(1.0), jnp.zeros_like(c0)))
    for j in range(c0.shape[0]):
        dirs.append((jnp.zeros_like(k), jnp.zeros_like(c0).at[j].set(1.0)))
    return dirs


class LocalSensitivity:
    def __init__(self, model: Callable):
        self.model = model

    def at(self, k, c0):
        """Linearise the model once; returns the trajectory and its JVP function."""
        return jax.linearize(self.model, k, c0)
