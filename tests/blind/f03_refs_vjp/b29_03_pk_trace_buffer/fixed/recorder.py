"""Preallocated trajectory storage, as in the MATLAB version (traj = zeros(nt, 2))."""
import jax
import jax.numpy as jnp


class TrajectoryRecorder:
    def __init__(self, n_steps, n_states):
        self.n_steps = n_steps
        self.buffer = jax.new_ref(jnp.zeros((n_steps, n_states)))

    def log(self, k, state):
        self.buffer[k] = jax.lax.stop_gradient(state)

    def as_array(self):
        return self.buffer[...]
