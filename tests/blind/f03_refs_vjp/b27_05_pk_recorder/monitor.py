"""Trajectory recorder backed by a mutable JAX array reference."""
import jax
import jax.numpy as jnp


class TrajectoryRecorder:
    def __init__(self, n_steps, n_states):
        self.buf = jax.new_ref(jnp.zeros((n_steps, n_states)))

    def record(self, i, state):
        self.buf[i] = state

    def snapshot(self):
        return self.buf[...]
