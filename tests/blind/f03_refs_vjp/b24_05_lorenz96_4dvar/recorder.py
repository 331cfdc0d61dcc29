"""Keeps the latest model trajectory around for plotting and diagnostics."""
import jax
import jax.numpy as jnp


class TrajectoryRecorder:
    def __init__(self, n_steps, n_vars):
        self.buffer = jax.new_ref(jnp.zeros((n_steps, n_vars)))

    def record(self, trajectory):
        self.buffer[...] = trajectory

    def latest(self):
        return self.buffer[...]
